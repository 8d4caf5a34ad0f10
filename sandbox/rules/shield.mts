// Origin Shield (Origin Shield › What the shield maps to on each provider): an origin with its
// shield on lists, per managed provider that has a shield tier, the location Tributary chose; with
// the shield off, none. The sandbox knows the locations the guides show (an origin in `US-VA` or
// `DE`); for another location it lists only Cloudflare, whose tier Cloudflare picks itself.
import type {Context, RuleSet} from './index.mts';

type Json = Record<string, unknown>;

/** Shield locations by provider type and origin location, as the guides and the OpenAPI examples show them. */
const SHIELD_LOCATIONS: Record<string, Record<string, [string, string]>> = {
  cloudfront: {'US-VA': ['us-east-1', 'US East (N. Virginia)'], DE: ['eu-central-1', 'Europe (Frankfurt)']},
  fastly: {'US-VA': ['iad-va-us', 'Ashburn, Virginia, United States'], DE: ['frankfurt-de', 'Frankfurt, Germany']},
  akamai: {'US-VA': ['CHEUS2', 'Eastern United States']},
};
const CLOUDFLARE: [string, string] = ['smart-tiered-cache', 'Smart Tiered Cache, chosen by Cloudflare'];

function providerLocations(context: Context, location: string): Json[] {
  return context.store
    .list(context.sandboxId, `/services/${context.params.service_id}/providers/`)
    .flatMap(({id, body}) => {
      const type = String(body.provider_type);
      const found = type === 'cloudflare' ? CLOUDFLARE : SHIELD_LOCATIONS[type]?.[location];
      return found
        ? [{service_provider_id: id, provider_type: type, provider: type, location: found[0], location_name: found[1]}]
        : [];
    });
}

export const shieldRules: RuleSet = {
  check: {
    '/services/{service_id}/origins/'(context, next) {
      const shield = next.shield as Json | undefined;
      if (!shield || typeof shield !== 'object') return;
      next.shield = {
        ...shield,
        provider_locations:
          shield.enabled && typeof shield.location === 'string' ? providerLocations(context, shield.location) : [],
      };
    },
  },
};
