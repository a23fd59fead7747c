/**
 * The codec on top of a transport: typed commands out, typed replies in. A failed write is logged and reported
 * as `false` (a failed command send is logged only, never shown); a malformed notification is reported to
 * `onMalformed` and otherwise dropped.
 */
import { encodeCommand, isCommandError, type Command } from '../protocol/commands';
import { decodeReply, isReplyError, type Reply, type ReplyError } from '../protocol/replies';
import { Listeners, type DeviceTransport } from '../transport';

export type Logger = (message: string, detail?: unknown) => void;

export class DeviceLink {
  private readonly replies = new Listeners<[Reply]>();
  private readonly malformed = new Listeners<[ReplyError]>();
  private readonly unsubscribe: () => void;

  constructor(
    readonly transport: DeviceTransport,
    private readonly log: Logger = (m, d) => console.warn(m, d),
  ) {
    this.unsubscribe = transport.onNotification((bytes) => {
      const reply = decodeReply(bytes);
      if (isReplyError(reply)) this.malformed.emit(reply);
      else this.replies.emit(reply);
    });
  }

  onReply(listener: (reply: Reply) => void): () => void {
    return this.replies.add(listener);
  }

  onMalformed(listener: (error: ReplyError) => void): () => void {
    return this.malformed.add(listener);
  }

  async send(command: Command): Promise<boolean> {
    const bytes = encodeCommand(command);
    if (isCommandError(bytes)) {
      this.log(`ASTRO command not sent: ${bytes.detail}`);
      return false;
    }
    return this.sendRaw(bytes);
  }

  async sendRaw(bytes: Uint8Array): Promise<boolean> {
    try {
      await this.transport.write(bytes);
      return true;
    } catch (error) {
      this.log('ASTRO write failed', error);
      return false;
    }
  }

  dispose(): void {
    this.unsubscribe();
  }
}
