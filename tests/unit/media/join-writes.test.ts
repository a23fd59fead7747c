import { describe, expect, it } from 'vitest';
import { createWriteQueue, joinOutput } from '../../../src/media/join-writes';

/** A writable stream recording its writes; a write at `failAt` fails. */
function fakeOutput(failAt = -1) {
  const writes: { position: number; bytes: number[] }[] = [];
  return {
    writes,
    out: {
      async write(chunk: { position: number; data: Uint8Array }) {
        if (chunk.position === failAt) throw new DOMException('full', 'QuotaExceededError');
        writes.push({ position: chunk.position, bytes: Array.from(chunk.data) });
      },
    },
  };
}

describe('the chapter join’s writes', () => {
  it('writes in order at their positions and knows the file’s size', async () => {
    const { out, writes } = fakeOutput();
    const queue = createWriteQueue(out);
    queue.send(new Uint8Array([1, 2]), 0);
    queue.send(new Uint8Array([3]), 10);
    queue.send(new Uint8Array([9]), 1);
    await queue.drain();
    expect(writes).toEqual([
      { position: 0, bytes: [1, 2] },
      { position: 10, bytes: [3] },
      { position: 1, bytes: [9] },
    ]);
    expect(queue.sizeBytes()).toBe(11);
  });

  it('throws the first failed write with nothing written after it', async () => {
    const { out, writes } = fakeOutput(4);
    const queue = createWriteQueue(out, 3);
    queue.send(new Uint8Array([1, 2]), 0);
    await queue.keepUp();
    queue.send(new Uint8Array([3, 4]), 4);
    queue.send(new Uint8Array([5]), 8);
    await expect(queue.keepUp()).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(writes).toEqual([{ position: 0, bytes: [1, 2] }]);
    await expect(queue.drain()).rejects.toMatchObject({ name: 'QuotaExceededError' });
  });

  it('passes the muxer’s output on as it comes, holds its last writes, and releases them unchanged without a picture lead', () => {
    const sent: [number[], number][] = [];
    const output = joinOutput({ send: (data, position) => sent.push([Array.from(data), position]) });
    output.onData(new Uint8Array([0, 0, 0, 8]), 0);
    output.hold();
    output.onData(new Uint8Array([7]), 20);
    expect(sent).toEqual([[[0, 0, 0, 8], 0]]);
    output.release(0);
    expect(sent).toEqual([
      [[0, 0, 0, 8], 0],
      [[7], 20],
    ]);
  });
});
