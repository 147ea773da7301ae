import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { listen, logRequests } from '../lib/serve';
import type { StartService } from '../types';

export interface GeoLocation {
  ip: string;
  city: string;
  region: string;
  country: string;
  country_code: string;
  country_name: string;
  latitude: number;
  longitude: number;
  timezone: string;
}

/** Default: New York, US (nearest product region us-east). */
export const DEFAULT_LOCATION: GeoLocation = {
  ip: '127.0.0.1',
  city: 'New York',
  region: 'New York',
  country: 'US',
  country_code: 'US',
  country_name: 'United States',
  latitude: 40.7128,
  longitude: -74.006,
  timezone: 'America/New_York',
};

/** The same location as ipinfo.io's `GET /json` answers it: coordinates in one "lat,lon" string. */
export function asIpinfo(location: GeoLocation) {
  return {
    ip: location.ip,
    city: location.city,
    region: location.region,
    country: location.country_code,
    loc: `${location.latitude.toFixed(4)},${location.longitude.toFixed(4)}`,
    timezone: location.timezone,
  };
}

/**
 * The IP-location stand-in: ipapi.co's `GET /json/` at the root, and ipinfo.io's `GET /json` under
 * `/ipinfo` (the product's fallback look-up). Environment:
 * - GEO_LATITUDE, GEO_LONGITUDE, GEO_COUNTRY_CODE, GEO_CITY, GEO_TIMEZONE: the location answered
 * - GEO_FAIL=1: both answer 500; GEO_FAIL=ipapi or GEO_FAIL=ipinfo: only that one (to test the fallback)
 */
export const start: StartService = async (options) => {
  const env = options.env;
  const num = (value: string | undefined, fallback: number) =>
    value !== undefined && value !== '' && Number.isFinite(Number(value)) ? Number(value) : fallback;
  const countryCode = env.GEO_COUNTRY_CODE || DEFAULT_LOCATION.country_code;
  const location: GeoLocation = {
    ...DEFAULT_LOCATION,
    city: env.GEO_CITY || DEFAULT_LOCATION.city,
    region: env.GEO_CITY || DEFAULT_LOCATION.region,
    country: countryCode,
    country_code: countryCode,
    country_name: countryCode === 'US' ? 'United States' : countryCode,
    latitude: num(env.GEO_LATITUDE, DEFAULT_LOCATION.latitude),
    longitude: num(env.GEO_LONGITUDE, DEFAULT_LOCATION.longitude),
    timezone: env.GEO_TIMEZONE || DEFAULT_LOCATION.timezone,
  };
  const app = new Hono();
  logRequests(app, options.log);
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'OPTIONS'] }));
  const fails = (protocol: 'ipapi' | 'ipinfo') => env.GEO_FAIL === '1' || env.GEO_FAIL === protocol;
  const answer = (c: Context) => (fails('ipapi') ? c.json({ error: true, reason: 'Injected failure' }, 500) : c.json(location));
  const ipinfo = (c: Context) =>
    fails('ipinfo')
      ? c.json({ status: 500, error: { title: 'Injected failure', message: 'Injected failure' } }, 500)
      : c.json(asIpinfo(location));
  app.get('/ipinfo/json', ipinfo);
  app.get('/ipinfo/json/', ipinfo);
  app.get('/json', answer);
  app.get('/json/', answer);
  app.get('/', answer);
  app.notFound((c) => c.json({ error: true, reason: 'Not found' }, 404));
  return listen('geo', app, options);
};
