import { AddressField, StringField } from '@perp/http';
import { STREAM_CHANNELS, StreamChannel } from './stream-frames';

const CHANNEL = `(${STREAM_CHANNELS.join('|')})`;
export const CHANNELS_PATTERN = `^${CHANNEL}(,${CHANNEL})*$`;

export class StreamQuery {
  @StringField({
    default: STREAM_CHANNELS.join(','),
    maxLength: 64,
    pattern: CHANNELS_PATTERN,
    description: `Comma-separated channels: ${STREAM_CHANNELS.join(', ')} (default all)`,
  })
  channels!: string;

  @AddressField({ description: "Only this market's marks, trades and candidates (index events concern every market); 404 for an unknown market" })
  perp_address?: string;
}

export function parseChannels(raw: string): Set<StreamChannel> {
  return new Set(raw.split(',') as StreamChannel[]);
}
