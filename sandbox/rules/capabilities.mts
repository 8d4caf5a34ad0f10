// What each provider type can do (product model › Provider support): a compute deployment runs the
// runtime of its provider (and on CloudFront, the WAF, rate limits and URL signing need Lambda@Edge);
// signed URLs cannot be verified on Google Cloud CDN and Azure CDN, so a service with one of them
// refuses the url_signing action, and such a provider cannot join a service that uses it. Unmanaged
// providers take no configuration at all.
import {Problem} from '../problems.mts';
import type {Context, RuleSet} from './index.mts';

type Json = Record<string, unknown>;

/** The runtimes each provider type offers (ComputeDeployment.runtime). */
export const RUNTIMES: Record<string, string[]> = {
  cloudflare: ['cloudflare_workers'],
  cloudfront: ['cloudfront_functions', 'lambda_edge'],
  fastly: ['fastly_compute'],
  akamai: ['akamai_edgeworkers'],
  azure_cdn: ['azure_rules_engine'],
};
/** Features CloudFront Functions cannot run. */
const LAMBDA_EDGE_ONLY = ['waf', 'rate_limit', 'url_signing'];
/** Provider types that cannot verify signed URLs. */
export const NO_URL_SIGNING = ['google_cloud_cdn', 'azure_cdn'];

const invalid = (field: string, message: string) =>
  new Problem('validation-failed', 'One or more fields are invalid.', {errors: [{field, message}]});

const providersOf = (context: Context) =>
  context.store
    .list(context.sandboxId, `/services/${context.params.service_id}/providers/`)
    .map((provider) => provider.body);
const usesUrlSigning = (behavior: Json) => Boolean((behavior.actions as Json | undefined)?.url_signing);

export const capabilityRules: RuleSet = {
  check: {
    '/services/{service_id}/compute/'(context, next) {
      const provider = providersOf(context).find((candidate) => candidate.id === next.service_provider_id);
      if (!provider) throw invalid('service_provider_id', 'Not a service provider of this service.');
      const type = String(provider.provider_type);
      next.provider_type = type;
      const runtimes = RUNTIMES[type] ?? [];
      if (!runtimes.includes(String(next.runtime)))
        throw invalid(
          'runtime',
          runtimes.length
            ? `A ${type} provider runs ${runtimes.join(' or ')}.`
            : `A ${type} provider runs no Tributary edge code.`,
        );
      const features = (next.features as string[] | undefined) ?? [];
      const needsLambda = features.filter((feature) => LAMBDA_EDGE_ONLY.includes(feature));
      if (next.runtime === 'cloudfront_functions' && needsLambda.length)
        throw invalid('runtime', `CloudFront Functions cannot run ${needsLambda.join(', ')}: use lambda_edge.`);
    },
    '/services/{service_id}/behaviors/'(context, next) {
      if (!usesUrlSigning(next)) return;
      const unable = providersOf(context).find((provider) => NO_URL_SIGNING.includes(String(provider.provider_type)));
      if (unable)
        throw invalid(
          'actions.url_signing',
          `The provider "${String(unable.provider_name)}" (${String(unable.provider_type)}) cannot verify signed URLs.`,
        );
    },
  },
  initial: {
    '/services/{service_id}/providers/'(context, object) {
      if (!NO_URL_SIGNING.includes(String(object.provider_type))) return object;
      const signing = context.store
        .list(context.sandboxId, `/services/${context.params.service_id}/behaviors/`)
        .find((behavior) => usesUrlSigning(behavior.body));
      if (signing)
        throw invalid(
          'account_provider_id',
          `${String(object.provider_type)} cannot verify signed URLs, which the behavior "${String(signing.body.name)}" requires.`,
        );
      return object;
    },
  },
};
