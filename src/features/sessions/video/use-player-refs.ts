/**
 * The player's elements and the state its frame callbacks share without a React render (frames are drawn many
 * times a second): one object for the player's life, so the hooks that read it never see it change.
 */
import { createRef, useState, type RefObject } from 'react';
import type { FollowerHandle } from './follower-video';

export interface PlayerRefs {
  video: RefObject<HTMLVideoElement | null>;
  canvas: RefObject<HTMLCanvasElement | null>;
  /** The frame label (its number and media time), written by each drawing. */
  frame: RefObject<HTMLSpanElement | null>;
  /** The last frame of the lap 'play lap N' plays. */
  stopAt: RefObject<number | null>;
  /** The media time of the frame last presented while playing (requestVideoFrameCallback's own, not currentTime). */
  presented: RefObject<number | null>;
  /** The compared session's video, told where to go on each frame. */
  follower: RefObject<FollowerHandle | null>;
}

export function usePlayerRefs(): PlayerRefs {
  const [refs] = useState<PlayerRefs>(() => ({
    video: createRef<HTMLVideoElement>(),
    canvas: createRef<HTMLCanvasElement>(),
    frame: createRef<HTMLSpanElement>(),
    stopAt: { current: null },
    presented: { current: null },
    follower: { current: null },
  }));
  return refs;
}
