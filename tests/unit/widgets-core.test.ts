/**
 * Pure parts of widgets/core: the toast catalogue (the spec's words), the configuration precedence,
 * form error mapping. (The session storage key: tests/unit/site-policies.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES, TEXTS } from '../../shared/messages.ts';
import { KybConfigError, resolveConfig, type ConfigSources } from '../../widgets/core/config.ts';
import { errorsOf } from '../../widgets/core/form.tsx';
import { mediaUrl } from '../../widgets/core/public.ts';
import { newsletterSignup } from '../../shared/contracts.ts';

describe('MESSAGES (docs/errors.md, word for word)', () => {
  it('accounts', () => {
    expect(MESSAGES.signInFailed('Invalid login credentials')).toEqual({ title: 'Sign in failed', description: 'Invalid login credentials', variant: 'destructive' });
    expect(MESSAGES.signUpFailed('User already registered')).toMatchObject({ title: 'Sign up failed', description: 'User already registered' });
    expect(MESSAGES.signOutFailed('boom')).toMatchObject({ title: 'Sign out failed', description: 'boom' });
    expect(MESSAGES.signInSuccess).toEqual({ title: 'Welcome back!', description: "You're signed in", variant: 'default' });
    expect(MESSAGES.signUpSuccess).toMatchObject({ title: 'Check your email', description: "We've sent a confirmation link to complete sign up" });
    expect(MESSAGES.signUpSignedIn).toMatchObject({ title: 'Account created', description: "Welcome to KYB! You're signed in" });
    expect(MESSAGES.signOutSuccess).toMatchObject({ title: 'Signed out', description: 'You have been signed out' });
  });

  it('newsletter and waiting list', () => {
    expect(MESSAGES.consentRequired).toMatchObject({ title: 'Consent Required', description: 'Please agree to receive our newsletter to continue' });
    expect(MESSAGES.subscriptionFailed('Too many requests.')).toMatchObject({ title: 'Subscription Failed', description: 'Too many requests.', variant: 'destructive' });
    expect(MESSAGES.somethingWentWrong).toMatchObject({ title: 'Something went wrong', description: 'Please try again later or contact support' });
    expect(MESSAGES.newsletterSuccess('Thanks!')).toEqual({ title: 'Welcome to the Circle!', description: 'Thanks!', variant: 'default' });
    expect(MESSAGES.waitlistFailed('nope')).toMatchObject({ title: 'Signup Failed', description: 'nope' });
    expect(MESSAGES.waitlistSuccess).toMatchObject({ title: "You're on the list!", description: "We'll notify you as soon as the DIY Trinity Loc Kit is available" });
  });

  it('a missing server message leaves the title alone', () => {
    expect(MESSAGES.signInFailed(undefined)).toEqual({ title: 'Sign in failed', description: undefined, variant: 'destructive' });
    expect(MESSAGES.newsletterSuccess('')).toEqual({ title: 'Welcome to the Circle!', description: undefined, variant: 'default' });
  });

  it('reviews', () => {
    expect(MESSAGES.reviewAuthRequired).toMatchObject({ title: 'Authentication required', description: 'Please sign in to submit a review' });
    expect(MESSAGES.reviewRatingRequired).toMatchObject({ title: 'Rating required', description: 'Please select a star rating' });
    expect(MESSAGES.reviewInvalidFiles.description).toBe('Some files were rejected. Please use JPEG, PNG, WebP images or MP4, MOV videos under 5MB');
    expect(MESSAGES.reviewSubmitFailed).toEqual({ title: 'Submission failed', description: 'Please try again later', variant: 'destructive' });
    expect(MESSAGES.reviewSuccess).toMatchObject({ title: 'Review submitted!', description: 'Thank you for your feedback', variant: 'default' });
  });

  it('gallery admin and My Account (destructive unless noted)', () => {
    expect(MESSAGES.galleryFetchFailed).toEqual({ title: 'Error', description: 'Failed to fetch gallery items', variant: 'destructive' });
    expect(MESSAGES.uploadFailed).toMatchObject({ title: 'Upload failed', description: 'Failed to upload file' });
    expect(MESSAGES.deleteFailed).toMatchObject({ title: 'Delete failed', description: 'Failed to delete item' });
    expect(MESSAGES.orderUpdateFailed.description).toBe('Failed to update item order');
    expect(MESSAGES.statusUpdateFailed.description).toBe('Failed to update item status');
    expect(MESSAGES.altTextUpdateFailed.description).toBe('Failed to update alt text');
    expect(MESSAGES.uploadLimitReached).toMatchObject({ title: 'Upload limit reached', description: 'You can only have up to 10 files in the gallery.' });
    expect(MESSAGES.uploadSuccess('video')).toEqual({ title: 'Success', description: 'video uploaded successfully', variant: 'default' });
    expect(MESSAGES.uploadSuccess('image').description).toBe('image uploaded successfully');
    expect(MESSAGES.deleteSuccess).toMatchObject({ title: 'Success', description: 'Item deleted successfully' });
    expect(MESSAGES.adminAuthRequired).toMatchObject({ title: 'Authentication required', description: 'Please sign in to access the admin panel.' });
    expect(MESSAGES.profileLoadFailed).toEqual({ title: 'Error', description: 'Failed to load profile', variant: 'destructive' });
    expect(MESSAGES.profileUpdateFailed).toEqual({ title: 'Error', description: 'Failed to update profile', variant: 'destructive' });
    expect(MESSAGES.profileUpdated).toEqual({ title: 'Success', description: 'Profile updated successfully', variant: 'default' });
  });

  it('inline texts follow the rules module', () => {
    expect(TEXTS.emailReadOnly).toBe('Email cannot be changed');
    expect(TEXTS.passwordPlaceholder).toBe('At least 6 characters');
    expect(TEXTS.passwordTooShort).toBe('Password must be at least 6 characters');
  });
});

describe('resolveConfig', () => {
  const KEY_META = 'meta-key';
  const base = (over: Partial<ConfigSources> = {}): ConfigSources => ({
    meta: () => null,
    script: null,
    env: {},
    origin: 'https://shop.example',
    ...over,
  });
  const metas = (m: Record<string, string>) => (name: string) => m[name] ?? null;

  it('prefers meta tags, then the script tag, then build-time env, per field', () => {
    const env = { VITE_SUPABASE_URL: 'https://env.supabase.co', VITE_SUPABASE_ANON_KEY: 'env-key' };
    const script = { supabaseUrl: 'https://script.supabase.co', supabaseAnonKey: 'script-key' };
    expect(resolveConfig(base({ env }))).toMatchObject({ supabaseUrl: 'https://env.supabase.co', supabaseAnonKey: 'env-key' });
    expect(resolveConfig(base({ env, script }))).toMatchObject({ supabaseUrl: 'https://script.supabase.co', supabaseAnonKey: 'script-key' });
    expect(resolveConfig(base({ env, script, meta: metas({ 'kyb-supabase-url': 'https://meta.supabase.co/' }) }))).toMatchObject({
      supabaseUrl: 'https://meta.supabase.co',
      supabaseAnonKey: 'script-key',
    });
    expect(resolveConfig(base({ env, meta: metas({ 'kyb-supabase-anon-key': KEY_META }) })).supabaseAnonKey).toBe(KEY_META);
  });

  it('ignores blank values', () => {
    const c = resolveConfig(base({ meta: metas({ 'kyb-supabase-url': '  ' }), script: { supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'k' } }));
    expect(c.supabaseUrl).toBe('http://127.0.0.1:54321');
  });

  it('site origin: meta kyb-site-url, else data-site-url, else the page origin', () => {
    const ok = { script: { supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'k' } };
    expect(resolveConfig(base(ok)).siteOrigin).toBe('https://shop.example');
    expect(resolveConfig(base({ script: { ...ok.script, siteUrl: 'https://kyb.example/some/page' } })).siteOrigin).toBe('https://kyb.example');
    expect(resolveConfig(base({ ...ok, meta: metas({ 'kyb-site-url': 'https://brand.example' }) })).siteOrigin).toBe('https://brand.example');
  });

  it('says what to add when the backend is not configured', () => {
    expect(() => resolveConfig(base())).toThrow(KybConfigError);
    expect(() => resolveConfig(base())).toThrow(/kyb-supabase-url/);
    expect(() => resolveConfig(base({ meta: metas({ 'kyb-supabase-url': 'ftp://x' }), env: { VITE_SUPABASE_ANON_KEY: 'k' } }))).toThrow(/backend URL/);
    expect(() => resolveConfig(base({ meta: metas({ 'kyb-supabase-url': 'https://x.supabase.co' }) }))).toThrow(/kyb-supabase-anon-key/);
  });
});

describe('errorsOf', () => {
  it('gives the first message per field of the shared schema', () => {
    const r = newsletterSignup.safeParse({ name: 'A', email: '', consentGiven: false });
    expect(errorsOf(r)).toEqual({ name: 'Name must be at least 2 characters', email: 'Email is required', consentGiven: 'Please agree to receive our newsletter' });
    expect(errorsOf(newsletterSignup.safeParse({ name: 'Ada', email: 'a@b.co', consentGiven: true }))).toEqual({});
  });
});

describe('mediaUrl (migration stored_paths)', () => {
  it("resolves a stored path against the backend's address, at read time", () => {
    const path = '/storage/v1/object/public/planner-gallery/seed/1.png';
    expect(mediaUrl(path, 'http://127.0.0.1:54999')).toBe('http://127.0.0.1:54999/storage/v1/object/public/planner-gallery/seed/1.png');
    expect(mediaUrl(path, 'https://abc.supabase.co')).toBe('https://abc.supabase.co/storage/v1/object/public/planner-gallery/seed/1.png');
  });

  it('keeps a full URL (what an upload stores) as it is', () => {
    const url = 'https://abc.supabase.co/storage/v1/object/public/planner-gallery/1733000000000.png';
    expect(mediaUrl(url, 'http://127.0.0.1:54321')).toBe(url);
  });
});
