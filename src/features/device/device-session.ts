/**
 * The app's current ASTRO connection, kept outside React so it survives navigating away from /astro and back
 * (a transfer keeps running). One controller at a time; choosing another link disposes the previous one.
 */
import { useSyncExternalStore, useEffect, useState } from 'react';
import { AstroController, type DeviceSnapshot } from '../../device/flows/astro-controller';
import type { SessionSink } from '../../device/sink';
import type { Clock } from '../../device/clock';
import type { DeviceTransport } from '../../device/transport';
import { setPageTitle } from '../../ui/page-title';

export type LinkKind = 'bluetooth' | 'simulated';

let current: { controller: AstroController; kind: LinkKind; offTitle: () => void } | null = null;
const listeners = new Set<() => void>();

export function currentDevice(): { controller: AstroController; kind: LinkKind } | null {
  return current;
}

/**
 * The tab title shows the transfer percentage wherever the user is in the app, not only on /astro:
 * written when the whole percent changes, cleared when the transfer ends.
 */
function followTitle(controller: AstroController): () => void {
  let shown: number | null = null;
  const off = controller.subscribe(() => {
    const snapshot = controller.getSnapshot();
    // A firmware update shows its percentage like a download (the two never run together).
    const fw = snapshot.firmware;
    const p = snapshot.overallProgress ?? (fw.phase === 'sending' ? fw.progress : null);
    // Closing or reloading the tab now would lose what is queued, half-received or not yet kept on this device: the
    // browser asks first. Once a session is in IndexedDB nothing is lost (the analysis and the upload resume).
    guardUnload(snapshot.unsavedTransfer || snapshot.firmware.phase === 'sending');
    const whole = p === null ? null : Math.floor(p);
    if (whole === shown) return;
    shown = whole;
    setPageTitle(whole);
  });
  return () => {
    off();
    guardUnload(false);
    if (shown !== null) setPageTitle(null);
  };
}

/** The browser's own 'Leave site?' question while a download or firmware update runs (nothing else blocks it). */
function askBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Older Chromium asks only when returnValue is set.
  event.returnValue = '';
}
let unloadGuarded = false;
function guardUnload(on: boolean): void {
  if (on === unloadGuarded || typeof window === 'undefined') return;
  unloadGuarded = on;
  if (on) window.addEventListener('beforeunload', askBeforeUnload);
  else window.removeEventListener('beforeunload', askBeforeUnload);
}

/**
 * True while the tab asks before closing (a download or firmware update runs).
 * @internal Exported for its tests.
 */
export function unloadGuardActive(): boolean {
  return unloadGuarded;
}

/**
 * Calls `onVersion` with each firmware version the device reports (on connect, and again after a firmware update
 * when it comes back), once per change, for as long as this link lives.
 */
function followVersion(controller: AstroController, onVersion: ((version: string) => void) | undefined): () => void {
  if (!onVersion) return () => undefined;
  let reported: string | null = null;
  return controller.subscribe(() => {
    const version = controller.getSnapshot().version;
    if (version === null || version === reported) return;
    reported = version;
    onVersion(version);
  });
}

/**
 * Replaces the controller (disconnecting the old link) with one over `transport`. `onVersion` hears every firmware
 * version the device reports (the app records it as the user's firmwareVersion).
 */
export async function openLink(kind: LinkKind, transport: DeviceTransport, sink: SessionSink, clock?: Clock, onVersion?: (version: string) => void): Promise<AstroController> {
  const old = current;
  if (old) {
    await old.controller.disconnect().catch(() => undefined);
    old.offTitle();
    old.controller.dispose();
  }
  const controller = new AstroController({ transport, sink, clock });
  const offTitle = followTitle(controller);
  const offVersion = followVersion(controller, onVersion);
  current = {
    controller,
    kind,
    offTitle: () => {
      offTitle();
      offVersion();
    },
  };
  for (const l of listeners) l();
  return controller;
}

/** Disconnects and forgets the current link (e.g. on sign-out). */
export async function closeLink(): Promise<void> {
  const old = current;
  current = null;
  for (const l of listeners) l();
  if (old) {
    await old.controller.disconnect().catch(() => undefined);
    old.offTitle();
    old.controller.dispose();
  }
}

export function useCurrentDevice(): { controller: AstroController; kind: LinkKind } | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}

/** Minimum time between two renders driven by device changes (a transfer changes state per chunk). */
const RENDER_EVERY_MS = 100;

const idle: DeviceSnapshot = {
  connection: 'Not connected',
  deviceName: null,
  version: null,
  sessions: [],
  queue: [],
  overallProgress: null,
  transferEstimate: null,
  unsavedTransfer: false,
  firmware: { phase: 'idle' },
  circuitSync: { phase: 'idle' },
  wifi: { state: 'IDLE' },
};

/** The controller's snapshot, re-rendered at most every 100 ms while it changes. */
export function useDeviceSnapshot(controller: AstroController | null): DeviceSnapshot {
  const [snapshot, setSnapshot] = useState<DeviceSnapshot>(() => controller?.getSnapshot() ?? idle);
  useEffect(() => {
    if (!controller) {
      setSnapshot(idle);
      return;
    }
    setSnapshot(controller.getSnapshot());
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const flush = () => {
      timer = null;
      last = Date.now();
      setSnapshot(controller.getSnapshot());
    };
    const off = controller.subscribe(() => {
      if (timer) return;
      const wait = Math.max(0, RENDER_EVERY_MS - (Date.now() - last));
      timer = setTimeout(flush, wait);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [controller]);
  return snapshot;
}
