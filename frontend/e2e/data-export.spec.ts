// Settings → Data management in headless Chromium against the real stack (issue 16): an owner downloads the members
// export as CSV (exactly their organization's members, streamed by the members service through the gateway), and a
// member downloads their own data as a zip.
import type { Browser, Download } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { signIn } from '@akhada/test-support/ui';
import { Api, PASSWORD, type Gym } from './guard/actors.ts';

let browser: Browser;
const base = inject('gatewayUrl');
const api = new Api(base);
let gym: Gym & Awaited<ReturnType<Api['withAllRoles']>>;
let ours: string[];
let theirs: string;

beforeAll(async () => {
  browser = await launchBrowser();
  gym = await api.withAllRoles(await api.newGym('data-export'));
  ours = [await api.newMember(gym), await api.newMember(gym)];
  theirs = await api.newMember(await api.newGym('data-export-other'));
});
afterAll(async () => {
  await browser?.close();
  api.close();
});

const saved = async (download: Download) => readFile((await download.path())!);

describe('data export', () => {
  it('gives the owner the members CSV with exactly the organization’s members', async () => {
    const ctx = await newContext(browser, base);
    const page = await ctx.newPage();
    await signIn(page, gym.owner.email, PASSWORD);
    await page.goto('/dashboard/settings?tab=data');
    await page.getByTestId('data-export-form').waitFor();
    await page.getByTestId('data-export-type').selectOption('members');
    await page.getByTestId('data-export-format').selectOption('csv');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('data-export-submit').click()]);
    expect(download.suggestedFilename()).toBe('members.csv');
    const lines = (await saved(download))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^id,firstName,lastName,email,phone,/);
    const ids = lines.slice(1).map((l) => l.split(',')[0]);
    for (const id of ours) expect(ids).toContain(id);
    expect(ids).not.toContain(theirs);
    await page.getByTestId('data-export-done').waitFor();
    await ctx.close();
  });

  it('lets a member download their own data as a zip', async () => {
    const ctx = await newContext(browser, base);
    const page = await ctx.newPage();
    await signIn(page, gym.roles.member.email, PASSWORD);
    await page.goto('/dashboard/settings?tab=data');
    await page.getByTestId('data-export-form').waitFor();
    expect(await page.getByTestId('data-export-type').count()).toBe(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('data-export-submit').click()]);
    expect(download.suggestedFilename()).toBe('my-data.zip');
    const zip = await saved(download);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zip.toString('latin1')).toContain('members.csv');
    await ctx.close();
  });
});
