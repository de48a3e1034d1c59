import { createHmac } from 'node:crypto';
export { safeEqual } from '../crypto';

export const hmac256Hex = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('hex');
