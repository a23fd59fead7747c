export type { VideoSeekRequest } from './seek-request';
