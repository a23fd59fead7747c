/**
 * When the player draws: every decoded frame while playing (requestVideoFrameCallback, at the frame presented), after
 * each seek and once the video has data, and again when what it draws changes while paused (gauges chosen,
 * language, sync).
 */
import { useEffect } from 'react';
import type { PlayerRefs } from './use-player-refs';

export function useFrameDrawing(refs: PlayerRefs, url: string | null, render: (mediaTime?: number) => void): void {
  // Drawn again when what it draws changes while paused (gauges chosen, language, sync).
  useEffect(() => {
    if (url) render();
  }, [url, render]);

  // Every decoded frame while playing (requestVideoFrameCallback), and after each seek.
  useEffect(() => {
    const video = refs.video.current;
    if (!video || !url) return;
    let handle = 0;
    const onFrame = (_now: number, metadata: VideoFrameCallbackMetadata) => {
      refs.presented.current = video.paused ? null : metadata.mediaTime;
      render(video.paused ? undefined : metadata.mediaTime);
      handle = video.requestVideoFrameCallback(onFrame);
    };
    handle = video.requestVideoFrameCallback(onFrame);
    const onSeeked = () => render();
    video.addEventListener('seeked', onSeeked);
    video.addEventListener('loadeddata', onSeeked);
    return () => {
      video.cancelVideoFrameCallback(handle);
      video.removeEventListener('seeked', onSeeked);
      video.removeEventListener('loadeddata', onSeeked);
    };
    // The refs object lives as long as the player.
  }, [url, render]);
}
