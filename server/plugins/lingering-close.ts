import fp from 'fastify-plugin';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { LINGER_MAX_BYTES, LINGER_MAX_MS } from '../limits';

/**
 * Lingering close: an answer given before the request's body was read to its end (a 413 for a body over the
 * limit, which Fastify sends with `Connection: close`) would otherwise close the socket at once while the client
 * is still sending. The client's kernel then gets a reset for the bytes still coming, and a client that writes
 * the whole body before it reads (Node's fetch, some browsers) sees only the reset (EPIPE / ECONNRESET), never the
 * 413. So such a socket is half-closed after the answer (our side ends, the client's bytes are still read and
 * thrown away) until the client has sent everything and closes, for at most LINGER_MAX_MS and LINGER_MAX_BYTES,
 * then closed. Discarding costs no memory: the bytes go through Node's HTTP parser to a dumped request.
 */
async function lingeringClose(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete) return;
    const connection = reply.getHeader('connection');
    if (typeof connection === 'string' && connection.toLowerCase() === 'close') lingerOnClose(request.raw.socket);
  });
}

/** Makes Node's close after the answer (socket.destroySoon) a bounded lingering close. */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function lingerThenDestroy(this: Socket) {
    if (this.writable) this.end();
    const startBytes = this.bytesRead;
    const deadline = Date.now() + LINGER_MAX_MS;
    const stop = () => {
      clearInterval(timer);
      this.destroy();
    };
    // bytesRead is polled: the HTTP parser may read the socket natively, without 'data' events.
    const timer = setInterval(() => {
      if (Date.now() >= deadline || this.bytesRead - startBytes > LINGER_MAX_BYTES) stop();
    }, 50);
    timer.unref();
    this.once('end', stop);
    this.once('close', () => clearInterval(timer));
  };
}

export default fp(lingeringClose, { name: 'lingering-close' });
