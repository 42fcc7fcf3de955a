// Attendance end to end in headless Chromium against the real stack: a member's signed QR code (GET /attendance/my-qr
// as the member) is drawn into a Y4M video that Chromium's fake camera plays; the front desk's scanner decodes it in
// the browser (jsQR in a worker: headless Chromium on Linux has no BarcodeDetector) and checks the member in, and a
// second staff browser on the attendance dashboard sees today's check-ins and "in the gym now" rise without a reload.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api as apiFor } from '@akhada/test-support/api';
import { CHROMIUM_FLAGS, launchBrowser, newContext } from '@akhada/test-support/browser';
import { inEveryLook, signIn } from '@akhada/test-support/ui';

const base = inject('gatewayUrl');
const mailUrl = inject('mailUrl');
const api = apiFor(base);
const dir = mkdtempSync(join(tmpdir(), 'akhada-qr-'));
let browser: Browser;
let cameraBrowser: Browser | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await cameraBrowser?.close();
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A Y4M video (4:2:0, 640×480, a few identical frames; Chromium loops it) showing `text` as a QR code: black modules on
 * white with a quiet zone, as a phone screen held up to the camera would.
 */
function qrVideo(text: string): string {
  const W = 640;
  const H = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor((H - 40) / (size + 2 * quiet));
  const side = (size + 2 * quiet) * scale;
  const x0 = Math.floor((W - side) / 2);
  const y0 = Math.floor((H - side) / 2);
  const y = Buffer.alloc(W * H, 200); // a grey room around the white card
  for (let py = 0; py < side; py++) {
    for (let px = 0; px < side; px++) {
      const mx = Math.floor(px / scale) - quiet;
      const my = Math.floor(py / scale) - quiet;
      const dark = mx >= 0 && my >= 0 && mx < size && my < size && qr.modules.get(my, mx) === 1;
      y[(y0 + py) * W + x0 + px] = dark ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const file = join(dir, 'member-qr.y4m');
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 10 }, () => frame)]));
  return file;
}

async function invitationLink(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const res = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(to)}`);
        const { messages } = (await res.json()) as { messages: { text: string; html?: string }[] };
        for (const m of messages) {
          const found = /https?:\/\/[^\s"'<>]+\/accept-invitation\?token=[^\s"'<>]+/.exec(`${m.text}\n${m.html ?? ''}`);
          if (found) {
            link = found[0].replace(/&amp;/g, '&');
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
  return link;
}

/** ENQUIRIES_SCREENSHOTS=<dir>: also saves a lead with its trial pass and the desk's trial form at 375 and 1280 px, light and dark, English and Hindi. */
const shotsDir = process.env.ENQUIRIES_SCREENSHOTS;
async function trialScreenshots(gym: { email: string; password: string }, leadId: string) {
  if (!shotsDir) return;
  await inEveryLook(
    async (width) => (await newContext(browser, base, width)).newPage(),
    gym,
    async (page, look) => {
      await page.goto(`/dashboard/enquiries/${leadId}`);
      await page.getByTestId('trial-pass').first().waitFor({ timeout: 15_000 });
      await page.screenshot({ path: `${shotsDir}/lead-trial-${look}.png`, fullPage: true });
      await page.goto('/dashboard/attendance/scan');
      await page.getByTestId('trial-form').waitFor({ timeout: 15_000 });
      await page.screenshot({ path: `${shotsDir}/desk-trial-${look}.png`, fullPage: true });
    },
  );
}

const text = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .textContent({ timeout: 100 })
    .then((t) => (t ?? '').trim())
    .catch(() => '');

describe('attendance', () => {
  it("checks a member in from their QR code through the camera, and another staff browser's dashboard sees it without reload", async () => {
    const gym = await api.newGym('attendance-qr');
    const body = api.member(1, { firstName: 'Kiran', lastName: 'Patil' });
    const created = await api.call('POST', '/members', body, gym.token);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const email = body.email;

    // The member sets a password from the invitation and asks for their signed QR code, as their app does.
    const token = new URL(await invitationLink(email)).searchParams.get('token');
    const accepted = await api.call('POST', '/auth/invitations/accept', { token, password: 'member pass 42' });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    const memberToken = (accepted.json as { data: { token: string } }).data.token;
    let qrCode = '';
    await expect
      .poll(
        async () => {
          const r = await api.call('GET', '/attendance/my-qr', undefined, memberToken);
          if (r.status === 200) qrCode = (r.json as { data: { qrCode: string } }).data.qrCode;
          return r.status;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(200);

    // Staff on the attendance dashboard (a browser of its own).
    const dashCtx = await newContext(browser, base);
    const dashboard = await dashCtx.newPage();
    await signIn(dashboard, gym.email, gym.password);
    await dashboard.goto('/dashboard/attendance');
    await dashboard.getByTestId('card-today-value').waitFor({ timeout: 15_000 });
    expect(await text(dashboard, 'card-today-value')).toBe('0');

    // The front desk: Chromium whose camera shows the member's QR code.
    cameraBrowser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${qrVideo(qrCode)}`],
    });
    const deskCtx = await newContext(cameraBrowser, base);
    await deskCtx.grantPermissions(['camera'], { origin: base });
    const desk = await deskCtx.newPage();
    await signIn(desk, gym.email, gym.password);
    await desk.goto('/dashboard/attendance/scan');
    await desk.getByTestId('start-camera').click();
    await expect.poll(() => text(desk, 'attendance-toast'), { timeout: 20_000, interval: 100 }).toBe('Check-in successful for Kiran Patil');

    // The other staff browser, never reloaded.
    const t0 = Date.now();
    await expect.poll(() => text(dashboard, 'card-today-value'), { timeout: 15_000, interval: 100 }).toBe('1');
    console.log(`dashboard count rose ${Date.now() - t0} ms after the scanner's toast`);
    await expect.poll(() => dashboard.getByTestId('live-list').getByText('Kiran Patil').count(), { timeout: 15_000 }).toBe(1);

    // The same code again is refused (a code cannot check someone in twice).
    const again = await api.call('POST', '/attendance/scan-qr', { qrCode }, gym.token);
    expect(again.status).toBeGreaterThanOrEqual(400);
    await dashCtx.close();
    await deskCtx.close();
  });

  it("a lead's trial pass from Enquiries checks them in at the desk, marks the trial done, and Convert to member makes them a member linked to the lead", async () => {
    const gym = await api.newGym('enquiries-trial');
    const locationId = gym.user.locations[0]!._id;
    const lead = await api.call(
      'POST',
      '/enquiries/leads',
      { locationId, name: 'Meera Iyer', phone: '9123456780', email: 'meera.trial@example.in', interest: 'membership', source: 'instagram' },
      gym.token,
    );
    expect(lead.status, JSON.stringify(lead.json)).toBe(201);
    const leadId = (lead.json as { data: { lead: { id: string } } }).data.lead.id;
    const stageOf = async () => ((await api.call('GET', `/enquiries/leads/${leadId}`, undefined, gym.token)).json as { data: { stage: string } }).data.stage;

    const ctx = await newContext(browser, base);
    const page = await ctx.newPage();
    await signIn(page, gym.email, gym.password);
    await page.goto(`/dashboard/enquiries/${leadId}`);
    await page.getByTestId('issue-trial-pass').click();
    await page.getByTestId('trial-pass-days').selectOption('2');
    await page.getByTestId('trial-pass-submit').click();
    const dialog = page.getByTestId('trial-pass-dialog');
    await dialog.getByTestId('trial-pass-qr').waitFor({ timeout: 15_000 });
    const code = ((await dialog.getByTestId('trial-pass-code').textContent()) ?? '').trim();
    expect(code).toMatch(/^TP-[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await stageOf()).toBe('trial_booked');

    // The front desk types the code; attendance knows the pass from enquiries' event (no call to enquiries).
    await page.goto('/dashboard/attendance/scan');
    await expect
      .poll(
        async () => {
          await page.getByTestId('trial-code').fill(code.toLowerCase());
          await page.getByTestId('trial-check-in').click();
          await page.getByTestId('attendance-toast').waitFor({ timeout: 5_000 });
          return text(page, 'attendance-toast');
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe('Trial visit recorded for Meera Iyer');
    await expect.poll(stageOf, { timeout: 20_000, interval: 250 }).toBe('trial_done');
    await trialScreenshots(gym, leadId);

    // Convert: the add-member form, filled from the lead; the new member is linked to it and the lead joins.
    await page.goto(`/dashboard/enquiries/${leadId}`);
    await expect.poll(() => page.getByTestId('timeline').getByText('Checked in on trial').count(), { timeout: 15_000 }).toBe(1);
    await page.getByTestId('convert-to-member').click();
    await page.getByTestId('add-member-from-enquiry').waitFor({ timeout: 15_000 });
    await page.getByTestId('add-member-last-name').fill('Iyer');
    await page.getByTestId('add-member-submit').click();
    await expect.poll(stageOf, { timeout: 20_000, interval: 250 }).toBe('joined');
    const linked = (await api.call('GET', `/enquiries/leads/${leadId}`, undefined, gym.token)).json as { data: { memberId: string } };
    const member = await api.call('GET', `/members/${linked.data.memberId}`, undefined, gym.token);
    expect((member.json as { data: { acquisitionSource: string; enquiryId: string } }).data).toMatchObject({
      acquisitionSource: 'instagram',
      enquiryId: leadId,
    });
    await ctx.close();
  });
});
