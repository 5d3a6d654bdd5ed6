/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** Teaser pages (docs/pages.md#teasers): /locs leads to /handmade-locs, /planner to /protective-style-planner. */
import { HANDMADE_LOCS, PLANNER_TIERS } from '../../shared/catalog.ts';
import { formatFrom, formatUSD } from '../../shared/pricing.ts';
import { ButtonLink, Hero, SEP } from '../components/ui.tsx';
import { PLANNER } from '../content/planner.ts';

export function LocsTeaser() {
  return (
    <Hero
      tone="clay"
      eyebrow={`New${SEP}Handmade`}
      title="Faux locs, made by hand"
      lead={`Soft, light and crocheted one by one, for ${formatUSD(HANDMADE_LOCS.fromPrice)}.`}
      actions={
        <ButtonLink href="/handmade-locs" variant="gold">
          Discover Handmade Locs
        </ButtonLink>
      }
      image={{ src: '/images/handmade-locs/1.svg', alt: 'Handmade faux locs in soft black, worn long', width: 480, height: 480 }}
    />
  );
}

export function PlannerTeaser() {
  return (
    <Hero
      tone="night"
      eyebrow="Digital Planning Tools"
      title="Plan your crown"
      lead={`The ${PLANNER.name}, ${PLANNER.edition}: ${PLANNER.templates} templates for every style, ritual and goal. ${formatFrom(Math.min(...PLANNER_TIERS.map((t) => t.price)))}.`}
      actions={
        <ButtonLink href="/protective-style-planner" variant="gold">
          Begin Planning
        </ButtonLink>
      }
      image={{ src: PLANNER.cover, alt: PLANNER.coverAlt, width: PLANNER.coverWidth, height: PLANNER.coverHeight }}
    />
  );
}
