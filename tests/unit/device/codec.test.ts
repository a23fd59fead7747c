import { describe, expect, it } from 'vitest';
import { commands, commandText, decodeCommand, encodeCommand, isCommandError, type Command } from '../../../src/device/protocol/commands';
import { dataPayloadCapacity, decodeReply, isReplyError, replies } from '../../../src/device/protocol/replies';
import { fromUtf8, utf8, utf8Length } from '../../../src/device/protocol/text';

const enc = (c: Command) => {
  const bytes = encodeCommand(c);
  if (isCommandError(bytes)) throw new Error(bytes.detail);
  return fromUtf8(bytes);
};

describe('commands', () => {
  it('encodes every command as NAME or NAME?p=PARAM', () => {
    expect(enc(commands.getVersion())).toBe('GET_VERSION');
    expect(enc(commands.getSessionNames())).toBe('GET_SESSION_NAMES');
    expect(enc(commands.getSessionLaps('20260412_1030_Kartodromo de Braga'))).toBe('GET_SESSION_LAPS?p=20260412_1030_Kartodromo de Braga');
    expect(enc(commands.getSessionNmea('20260412_1030_X'))).toBe('GET_SESSION_NMEA?p=20260412_1030_X');
    expect(enc(commands.getSession('f'))).toBe('GET_SESSION?p=f');
    expect(enc(commands.getSessionData())).toBe('GET_SESSION_DATA');
    expect(enc(commands.skipSessionTransfer())).toBe('SKIP_SESSION_TRANSFER');
    expect(enc(commands.stopSessionTransfer())).toBe('STOP_SESSION_TRANSFER');
    expect(enc(commands.deleteSession('f'))).toBe('DELETE_SESSION?p=f');
    expect(enc(commands.startFirmwareUpdate(123456))).toBe('START_FIRMWARE_UPDATE?p=123456');
    expect(enc(commands.startCircuitSync())).toBe('START_CIRCUIT_SYNC');
    expect(enc(commands.startCountryCircuits('Portugal'))).toBe('START_COUNTRY_CIRCUITS?p=Portugal');
    expect(enc(commands.circuitData('Kart;A;1;2;3;4;8\n'))).toBe('CIRCUIT_DATA?p=Kart;A;1;2;3;4;8\n');
    expect(enc(commands.endCountryCircuits())).toBe('END_COUNTRY_CIRCUITS');
    expect(enc(commands.endCircuitSync())).toBe('END_CIRCUIT_SYNC');
    expect(enc(commands.wifiConnect('Pit Wall', 'p;a ss'))).toBe('WIFI_CONNECT?p=Pit Wall;p;a ss');
  });

  it('round-trips every command through decodeCommand, keeping the parameter verbatim', () => {
    const all: Command[] = [
      commands.getVersion(), commands.getSessionNames(), commands.getSessionLaps('a_b;c\nd'), commands.getSessionNmea('x?p=y'),
      commands.getSession('g'), commands.getSessionData(), commands.skipSessionTransfer(), commands.stopSessionTransfer(),
      commands.deleteSession('20260101_0000_A;B'), commands.startFirmwareUpdate(9), commands.startCircuitSync(),
      commands.startCountryCircuits('Côte d’Ivoire'), commands.circuitData('l1\nl2;x_y\n'), commands.endCountryCircuits(),
      commands.endCircuitSync(), commands.wifiConnect('s', 'p'),
    ];
    for (const c of all) {
      const bytes = encodeCommand(c);
      expect(isCommandError(bytes)).toBe(false);
      expect(decodeCommand(bytes as Uint8Array)).toEqual(c);
    }
  });

  it('refuses a command over 509 bytes instead of truncating it', () => {
    const result = encodeCommand(commands.circuitData('x'.repeat(495)));
    expect(isCommandError(result) && result.code).toBe('too-long');
    expect(isCommandError(encodeCommand(commands.circuitData('x'.repeat(494))))).toBe(false);
  });

  it('reports unknown names, missing, unexpected and bad parameters as typed errors', () => {
    expect(decodeCommand(utf8('HELLO'))).toMatchObject({ type: 'command-error', code: 'unknown-command' });
    expect(decodeCommand(utf8('DELETE_SESSION'))).toMatchObject({ code: 'missing-param' });
    expect(decodeCommand(utf8('GET_VERSION?p=1'))).toMatchObject({ code: 'unexpected-param' });
    expect(decodeCommand(utf8('START_FIRMWARE_UPDATE?p=12a'))).toMatchObject({ code: 'bad-param' });
    expect(decodeCommand(new Uint8Array(510))).toMatchObject({ code: 'too-long' });
  });

  it('keeps everything after the first ?p= as the parameter', () => {
    expect(decodeCommand(utf8('CIRCUIT_DATA?p=a?p=b'))).toEqual({ name: 'CIRCUIT_DATA', param: 'a?p=b' });
    expect(commandText({ name: 'GET_VERSION' })).toBe('GET_VERSION');
  });
});

describe('replies', () => {
  it('decodes VERSION', () => {
    expect(decodeReply(utf8('VERSION;1.4.2'))).toEqual({ type: 'version', version: '1.4.2' });
    expect(decodeReply(utf8('VERSION;abc'))).toMatchObject({ type: 'reply-error', code: 'bad-fields' });
  });

  it('decodes SESSION_NAME, reading sizes from the right so a name may contain ;', () => {
    expect(decodeReply(utf8('SESSION_NAME;20260412_1030_Kartodromo de Braga;512;1048576'))).toEqual({
      type: 'session-name', filename: '20260412_1030_Kartodromo de Braga', lapsBytes: 512, nmeaBytes: 1048576,
    });
    expect(decodeReply(utf8('SESSION_NAME;a;b_c;1;2'))).toMatchObject({ filename: 'a;b_c', lapsBytes: 1, nmeaBytes: 2 });
    expect(decodeReply(utf8('SESSION_NAME;f;1'))).toMatchObject({ type: 'reply-error', code: 'bad-fields' });
    expect(decodeReply(utf8('SESSION_NAME;f;x;2'))).toMatchObject({ type: 'reply-error', code: 'bad-number' });
  });

  it('decodes BOF and EOF for both kinds', () => {
    expect(decodeReply(utf8('BOF;20260412_1030_A;laps;300'))).toEqual({ type: 'bof', filename: '20260412_1030_A', kind: 'laps', totalBytes: 300 });
    expect(decodeReply(utf8('BOF;f;g;nmea;0'))).toEqual({ type: 'bof', filename: 'f;g', kind: 'nmea', totalBytes: 0 });
    expect(decodeReply(utf8('EOF;20260412_1030_A;nmea;1000;2'))).toEqual({ type: 'eof', filename: '20260412_1030_A', kind: 'nmea', totalBytes: 1000, highestChunk: 2 });
    expect(decodeReply(utf8('EOF;f;laps;0;-1'))).toMatchObject({ type: 'eof', highestChunk: -1 });
    expect(decodeReply(utf8('BOF;f;gpx;10'))).toMatchObject({ type: 'reply-error', code: 'bad-kind' });
    expect(decodeReply(utf8('BOF;f;laps;-4'))).toMatchObject({ type: 'reply-error', code: 'bad-number' });
    expect(decodeReply(utf8('EOF;f;laps;10'))).toMatchObject({ type: 'reply-error' });
  });

  it('decodes DATA_<n>_<payload> with _, ; and newlines in the payload, as bytes', () => {
    const payload = '1;2;41.5_3;-8.4\n2;40;x_y;;\r\n';
    const reply = decodeReply(utf8(`DATA_17_${payload}`));
    expect(reply.type).toBe('data');
    if (reply.type !== 'data') return;
    expect(reply.index).toBe(17);
    expect(fromUtf8(reply.payload)).toBe(payload);
    const empty = decodeReply(utf8('DATA_0_'));
    expect(empty).toMatchObject({ type: 'data', index: 0 });
    expect(empty.type === 'data' && empty.payload.length).toBe(0);
    const underscoreFirst = decodeReply(utf8('DATA_3__lead'));
    expect(underscoreFirst.type === 'data' && fromUtf8(underscoreFirst.payload)).toBe('_lead');
  });

  it('rejects malformed DATA headers', () => {
    expect(decodeReply(utf8('DATA_x_abc'))).toMatchObject({ type: 'reply-error', code: 'bad-fields' });
    expect(decodeReply(utf8('DATA_12'))).toMatchObject({ type: 'reply-error', code: 'bad-fields' });
    expect(decodeReply(utf8('DATA_'))).toMatchObject({ type: 'reply-error' });
  });

  it('decodes WIFI states', () => {
    expect(decodeReply(utf8('WIFI;CONNECTING'))).toEqual({ type: 'wifi', wifi: { state: 'CONNECTING' } });
    expect(decodeReply(utf8('WIFI;CONNECTED;192.168.1.20'))).toEqual({ type: 'wifi', wifi: { state: 'CONNECTED', ip: '192.168.1.20' } });
    expect(decodeReply(utf8('WIFI;FAILED;AUTH_FAILED'))).toEqual({ type: 'wifi', wifi: { state: 'FAILED', reason: 'AUTH_FAILED' } });
    expect(decodeReply(utf8('WIFI;SLEEPING'))).toMatchObject({ type: 'reply-error' });
  });

  it('decodes ERROR?p= with any code', () => {
    expect(decodeReply(utf8('ERROR?p=SESSION_NOT_FOUND'))).toEqual({ type: 'error', code: 'SESSION_NOT_FOUND' });
    expect(decodeReply(utf8('ERROR?p=a;b_c'))).toEqual({ type: 'error', code: 'a;b_c' });
  });

  it('turns empty, oversized and unknown notifications into typed errors, never throws', () => {
    expect(decodeReply(new Uint8Array(0))).toMatchObject({ code: 'empty' });
    expect(decodeReply(new Uint8Array(510))).toMatchObject({ code: 'too-long' });
    expect(decodeReply(utf8('HELLO;1'))).toMatchObject({ code: 'unknown-reply' });
    for (let i = 0; i < 2000; i++) {
      const bytes = new Uint8Array(1 + (i % 60));
      for (let j = 0; j < bytes.length; j++) bytes[j] = (i * 31 + j * 17) & 0xff;
      if (i % 3 === 0 && bytes.length >= 5) bytes.set(utf8('DATA_'), 0);
      expect(() => decodeReply(bytes)).not.toThrow();
    }
  });

  it('encoders produce what the decoder reads back', () => {
    const payload = utf8('a_b;c\nd');
    const data = decodeReply(replies.data(4, payload));
    expect(data.type === 'data' && [data.index, fromUtf8(data.payload)]).toEqual([4, 'a_b;c\nd']);
    expect(decodeReply(replies.version('2.0.1'))).toEqual({ type: 'version', version: '2.0.1' });
    expect(decodeReply(replies.sessionName('f', 1, 2))).toMatchObject({ filename: 'f' });
    expect(decodeReply(replies.bof('f', 'nmea', 3))).toMatchObject({ kind: 'nmea', totalBytes: 3 });
    expect(decodeReply(replies.eof('f', 'laps', 3, 0))).toMatchObject({ highestChunk: 0 });
    expect(decodeReply(replies.wifi({ state: 'FAILED', reason: 'x' }))).toMatchObject({ wifi: { reason: 'x' } });
    expect(decodeReply(replies.error('E'))).toEqual({ type: 'error', code: 'E' });
    expect(isReplyError(decodeReply(replies.error('E')))).toBe(false);
  });

  it('a full-capacity DATA chunk is exactly the 509-byte packet', () => {
    const cap = dataPayloadCapacity(123);
    expect(replies.data(123, new Uint8Array(cap)).length).toBe(509);
  });

  it('utf8Length matches TextEncoder', () => {
    for (const s of ['', 'abc', 'Portimão', 'Côte d’Ivoire', '🏁 flag']) expect(utf8Length(s)).toBe(utf8(s).length);
  });
});
