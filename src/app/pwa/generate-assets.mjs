/**
 * Regenerates the binary assets in public/ with Debian's headless Chromium (playwright-core):
 * - icons/*.png from icons/logo.svg (192, 512, maskable 512 with safe-zone padding, favicon 32, apple touch 180);
 * - media/astro-intro.webm (an animated canvas recorded with MediaRecorder) and its poster JPEG;
 * - docs/astro-user-manual.pdf and docs/astro-privacy-policy.pdf (HTML rendered with page.pdf()).
 * Run: node src/app/pwa/generate-assets.mjs  (the outputs are committed; this is not part of the build).
 */
import { chromium } from 'playwright-core';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const pub = (p) => path.join(root, 'public', p);
const logo = readFileSync(pub('icons/logo.svg'), 'utf8');

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--autoplay-policy=no-user-gesture-required'],
});

async function icon(file, size, { padding = 0, background = 'transparent' } = {}) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inner = size - 2 * padding;
  await page.setContent(
    `<html><body style="margin:0;background:${background}"><div style="width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center">` +
      `<div style="width:${inner}px;height:${inner}px">${logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></div></body></html>`,
  );
  await page.screenshot({ path: pub(`icons/${file}`), omitBackground: background === 'transparent' });
  await page.close();
}

await icon('icon-192.png', 192);
await icon('icon-512.png', 512);
// Maskable: the logo inside the 80% safe zone, on a full-bleed background of the logo colour.
await icon('icon-maskable-512.png', 512, { padding: 52, background: '#cb4f00' });
await icon('favicon-32.png', 32);
await icon('apple-touch-icon.png', 180, { padding: 0, background: '#cb4f00' });

// ---- intro video ------------------------------------------------------------------------------------------
{
  const page = await browser.newPage({ viewport: { width: 640, height: 360 } });
  await page.setContent('<html><body style="margin:0;background:#111"><canvas id="c" width="640" height="360"></canvas></body></html>');
  const result = await page.evaluate(async () => {
    const c = document.getElementById('c');
    const g = c.getContext('2d');
    const track = (t) => {
      // A closed kart-track-like curve.
      const a = t * Math.PI * 2;
      return [320 + 200 * Math.cos(a) + 40 * Math.cos(3 * a), 190 + 110 * Math.sin(a) + 25 * Math.sin(2 * a)];
    };
    const frames = [];
    const DURATION = 6000;
    let poster = '';
    const draw = (ms) => {
      const p = ms / DURATION;
      g.fillStyle = '#16181c';
      g.fillRect(0, 0, 640, 360);
      g.lineWidth = 18;
      g.strokeStyle = '#3a3f47';
      g.beginPath();
      for (let i = 0; i <= 200; i++) {
        const [x, y] = track(i / 200);
        if (i === 0) g.moveTo(x, y);
        else g.lineTo(x, y);
      }
      g.stroke();
      // Sector gates.
      for (const s of [0, 1 / 3, 2 / 3]) {
        const [x, y] = track(s);
        g.fillStyle = s === 0 ? '#ffffff' : '#ffd2b0';
        g.fillRect(x - 3, y - 14, 6, 28);
      }
      // The racing line so far, coloured by speed.
      g.lineWidth = 4;
      for (let i = 1; i <= Math.floor(p * 300); i++) {
        const [x0, y0] = track((i - 1) / 300);
        const [x1, y1] = track(i / 300);
        const speed = 0.5 + 0.5 * Math.sin((i / 300) * Math.PI * 6);
        g.strokeStyle = `hsl(${20 + 100 * speed}, 90%, 55%)`;
        g.beginPath();
        g.moveTo(x0, y0);
        g.lineTo(x1, y1);
        g.stroke();
      }
      const [kx, ky] = track(p);
      g.fillStyle = '#ff6c07';
      g.beginPath();
      g.arc(kx, ky, 9, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#ffffff';
      g.font = 'bold 28px sans-serif';
      g.fillText('ASTRO', 24, 44);
      g.font = '16px sans-serif';
      g.fillText('25Hz GNSS lap timer', 24, 68);
      const lap = (p * 52.37).toFixed(2);
      g.font = 'bold 26px monospace';
      g.fillText(`00:${lap.padStart(5, '0')}`, 470, 44);
      g.font = '14px sans-serif';
      g.fillText(`Sector ${Math.min(3, Math.floor(p * 3) + 1)} / 3`, 470, 68);
    };
    const stream = c.captureStream(25);
    const rec = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 350_000 });
    rec.ondataavailable = (e) => frames.push(e.data);
    const done = new Promise((r) => (rec.onstop = r));
    rec.start(500);
    const t0 = performance.now();
    await new Promise((resolve) => {
      const tick = () => {
        const ms = performance.now() - t0;
        draw(Math.min(ms, DURATION));
        if (!poster && ms > DURATION * 0.6) poster = c.toDataURL('image/jpeg', 0.8);
        if (ms < DURATION) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    rec.stop();
    await done;
    const blob = new Blob(frames, { type: 'video/webm' });
    const buf = new Uint8Array(await blob.arrayBuffer());
    let bin = '';
    for (let i = 0; i < buf.length; i += 0x8000) bin += String.fromCharCode(...buf.subarray(i, i + 0x8000));
    return { video: btoa(bin), poster };
  });
  writeFileSync(pub('media/astro-intro.webm'), Buffer.from(result.video, 'base64'));
  writeFileSync(pub('media/astro-intro-poster.jpg'), Buffer.from(result.poster.split(',')[1], 'base64'));
  await page.close();
}

// ---- PDFs -------------------------------------------------------------------------------------------------
const style = `<style>body{font-family:sans-serif;color:#222;line-height:1.45;margin:0}h1{color:#cb4f00;margin-bottom:0}
h2{border-bottom:2px solid #cb4f00;padding-bottom:4px;margin-top:28px}.sub{color:#666;margin-top:4px}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:6px 8px;text-align:left}th{background:#fbe9dc}
.logo{width:64px;height:64px;float:right}</style>`;
async function pdf(file, title, body) {
  const page = await browser.newPage();
  await page.setContent(`<html><head><meta charset="utf-8"><title>${title}</title>${style}</head><body><div class="logo">${logo}</div>${body}</body></html>`);
  await page.pdf({ path: pub(`docs/${file}`), format: 'A4', margin: { top: '20mm', bottom: '20mm', left: '18mm', right: '18mm' }, printBackground: true,
    displayHeaderFooter: true, headerTemplate: '<span></span>',
    footerTemplate: `<div style="font-size:9px;width:100%;text-align:center;color:#888">${title} - page <span class="pageNumber"></span> of <span class="totalPages"></span></div>` });
  await page.close();
}

await pdf('astro-user-manual.pdf', 'ASTRO User Manual', readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'docs/user-manual.html'), 'utf8'));
await pdf('astro-privacy-policy.pdf', 'ASTRO Privacy Policy', readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'docs/privacy-policy.html'), 'utf8'));

await browser.close();
console.log('assets written to public/');
