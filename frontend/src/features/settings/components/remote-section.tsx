import type { UseQueryResult } from '@tanstack/react-query';
import { ServiceStatus } from '../../../components/service-status';
import type { ServiceEnvelope } from '../../../lib/service-envelope';

/** A settings section kept by the settings service: its title, what it is for, and the real call's outcome. */
export function RemoteSection({ title, description, query }: { title: string; description: string; query: UseQueryResult<ServiceEnvelope> }) {
  return (
    <section className="settings-section">
      <h3 className="section-heading">{title}</h3>
      <p className="text-muted">{description}</p>
      <ServiceStatus query={query} success={() => null} />
    </section>
  );
}
