/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * /privacy and /cookies: the real policies, written from what the product stores (site/content/policies.ts),
 * in place of the spec's placeholders (docs/pages.md#privacy-and-cookies says why).
 */
import type { ComponentChildren } from 'preact';
import { BUSINESS } from '../../shared/business.ts';
import { Hero, PhoneLink } from '../components/ui.tsx';
import { LINK_CLICKS_NOTE, LINKS_OUT, POLICIES_UPDATED, PROCESSORS, SERVER_DATA, formatPolicyDate, storageTable } from '../content/policies.ts';

const Mail = () => <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>;

function Updated() {
  return (
    <p class="policy__updated">
      Last updated <time datetime={POLICIES_UPDATED}>{formatPolicyDate(POLICIES_UPDATED)}</time>
    </p>
  );
}

function PolicyBody({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="section section--page">
      <article class="container policy" aria-label={label}>
        <Updated />
        {children}
      </article>
    </div>
  );
}

export function Privacy() {
  return (
    <>
      <Hero eyebrow={BUSINESS.legalName} title="Privacy Policy" lead="What we keep about you, why we keep it, who can see it, and how to have it changed or deleted." compact />
      <PolicyBody label="Privacy Policy">
        <h2 id="in-short">In short</h2>
        <ul>
          <li>
            We keep only what you give us (a form, a newsletter sign-up, an account or a review), plus a fingerprint of your address for a day at most, to protect our forms from
            abuse.
          </li>
          <li>We use no analytics service, no advertising and no tracking, and we never sell or share your data for marketing.</li>
          <li>
            This site sets no cookies. The few things it keeps in your browser are listed in our <a href="/cookies">Cookie Policy</a>.
          </li>
          <li>You can unsubscribe at any time, and ask us to show, correct or delete what we hold about you.</li>
        </ul>

        <h2 id="who-we-are">Who we are</h2>
        <p>
          This website is run by {BUSINESS.legalName}, who decide what is collected here and what it is used for. Questions about your data go to <Mail /> or <PhoneLink />.
        </p>

        <h2 id="what-we-keep">What we keep, and why</h2>
        <p>Browsing the site does not tell us who you are. We hold data about you only in these cases:</p>
        {SERVER_DATA.map((row) => (
          <div class="policy__item">
            <h3>{row.what}</h3>
            <dl class="policy__facts">
              <dt>What we keep</dt>
              <dd>{row.collected}</dd>
              <dt>Why</dt>
              <dd>{row.why}</dd>
              <dt>Who can see it</dt>
              <dd>{row.who}</dd>
              <dt>How long</dt>
              <dd>{row.kept}</dd>
            </dl>
          </div>
        ))}
        <div class="policy__item">
          <h3>{LINK_CLICKS_NOTE.what}</h3>
          <p>{LINK_CLICKS_NOTE.text}</p>
        </div>

        <h2 id="what-we-do-not-do">What we do not do</h2>
        <ul>
          <li>
            No analytics or advertising services. When you use a form or a tool, the page notes the event (for example “newsletter joined”) in its own memory and in your browser’s
            developer console; it is never sent to us and disappears when you leave the page.
          </li>
          <li>No content from other sites: every picture, font and script on these pages comes from us, and videos and social feeds are pictures that link out.</li>
          <li>No selling, renting or sharing of your data with anyone for their own use.</li>
        </ul>

        <h2 id="who-helps-us">Who helps us run the site</h2>
        <p>These services handle data only on our behalf and under our instructions:</p>
        <ul>
          {PROCESSORS.map((p) => (
            <li>
              <strong>{p.name}</strong> {p.role}
            </li>
          ))}
        </ul>

        <h2 id="links-out">When you follow a link to another site</h2>
        <p>Booking, paying and messaging happen on other services, under their own privacy policies. What our link hands over:</p>
        <ul>
          {LINKS_OUT.map((l) => (
            <li>
              <strong>{l.name}</strong>: {l.carries}
            </li>
          ))}
        </ul>

        <h2 id="your-rights">Your choices and rights</h2>
        <ul>
          <li>
            <strong>Stop our e-mails:</strong> every newsletter and waiting-list e-mail has an unsubscribe link, or write to <Mail />.
          </li>
          <li>
            <strong>Change your profile:</strong> edit your display name and picture on <a href="/account">My Account</a> when signed in.
          </li>
          <li>
            <strong>Delete your account:</strong> there is no delete button yet. E-mail <Mail /> from the address of your account and we delete it, with your profile, reviews,
            photos and videos.
          </li>
          <li>
            <strong>See, correct, copy or delete anything else</strong> we hold about you, or object to how we use it: write to <Mail />. We will tell you what we found and what we
            did.
          </li>
          <li>If you are not happy with our answer, you can complain to the data protection authority where you live.</li>
        </ul>

        <h2 id="keeping-it-safe">Keeping it safe</h2>
        <p>
          Every table in our database is closed by default: the database itself checks who is asking, so visitors can read only what is published (approved reviews, the gallery)
          and their own account, and only our team’s admin accounts can open the inbox. Passwords are kept only in scrambled form by the sign-in service. Our forms are protected
          against repeated sending without storing your address in readable form.
        </p>

        <h2 id="changes">Changes to this policy</h2>
        <p>When what we collect changes, we update this page and its date first.</p>
      </PolicyBody>
    </>
  );
}

export function Cookies() {
  const rows = storageTable();
  return (
    <>
      <Hero eyebrow={BUSINESS.legalName} title="Cookie Policy" lead="This site sets no cookies. Here is the little it keeps in your browser, and why." compact />
      <PolicyBody label="Cookie Policy">
        <h2 id="no-cookies">No cookies, no tracking</h2>
        <p>
          Neither we nor anyone else set cookies on this site. There are no analytics, advertising or social-media trackers, and the pages load nothing from other sites. Signing in
          does not use cookies either: your session is kept in browser storage, listed below.
        </p>

        <h2 id="browser-storage">What we keep in your browser</h2>
        <p>
          A few features keep a small note in your browser’s storage instead. <em>Local storage</em> stays until it is removed; <em>session storage</em> is cleared when you close
          the tab. Nothing is written until you use the feature, and none of it is sent anywhere except your sign-in session, which goes to our backend when you act while signed
          in.
        </p>
        <div class="policy-table-wrap">
          <table class="policy-table">
            <caption>Everything this site keeps in your browser</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">What it is for</th>
                <th scope="col">How long it stays</th>
                <th scope="col">Needed?</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr>
                  <th scope="row" data-label="Name">
                    <code>{r.key}</code>
                    <span class="policy-table__area">{r.area}</span>
                  </th>
                  <td data-label="What it is for">
                    <p>{r.purpose}</p>
                    <p class="policy-table__small">
                      <strong>Holds:</strong> {r.holds}
                    </p>
                    <p class="policy-table__small">
                      <strong>Set:</strong> {r.when}
                    </p>
                  </td>
                  <td data-label="How long it stays">{r.duration}</td>
                  <td data-label="Needed?">{r.need}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <h2 id="no-banner">Why there is no cookie banner</h2>
        <p>
          Consent is needed for anything stored in your browser that is not needed for a service you asked for, such as analytics or advertising. Everything above is either needed
          for a feature to work at all (staying signed in, keeping the beta tools open) or remembers a choice you made in the feature you are using (your configurator options),
          holds nothing that identifies you beyond your own account, and is never shared. If we ever want to store anything else, we will ask you first.
        </p>

        <h2 id="removing-it">Removing it</h2>
        <ul>
          <li>Signing out removes your sign-in session.</li>
          <li>Closing the tab clears session storage.</li>
          <li>
            Your browser’s settings can clear this site’s data at any time, or block it. The site still works without it, but you will not stay signed in and the configurator will
            not remember your choices.
          </li>
        </ul>

        <h2 id="questions">Questions</h2>
        <p>
          Write to <Mail />. How we handle the data you send us is in our <a href="/privacy">Privacy Policy</a>.
        </p>
      </PolicyBody>
    </>
  );
}
