import { NewConsultationSchema, type NewConsultation } from '@shared/schemas/consultations';
import type { Lead } from '@shared/schemas/leads';

const SOURCE_NAME: Record<Lead['source'], string> = {
  osm: 'OpenStreetMap',
  google: 'Google Places',
  sample: 'sample data',
};

/** What the lead API writes where it knows nothing ('N/A'): left empty in a request. */
const known = (value: string) => (value.trim() === '' || value === 'N/A' ? '' : value);

/**
 * A consultation request made from a lead: the business as the name, its e-mail (when the
 * search found one), phone, and where the lead came from in the details.
 */
export function requestFromLead(lead: Lead): NewConsultation {
  const details = [
    `Lead from the marketing tool (${SOURCE_NAME[lead.source]}), score ${lead.leadScore}/100.`,
    `Business type: ${lead.businessType}, ${lead.city}`,
    `Address: ${known(lead.address) || 'unknown'}`,
    `Website: ${known(lead.website) || 'none'}`,
    `Website score: ${lead.websiteQuality.score}/100, ${lead.websiteQuality.recommendation}`,
  ].join('\n');
  return {
    name: lead.name,
    email: lead.email ?? '',
    business: lead.name,
    phone: known(lead.phone),
    details,
  };
}

/** Whether the request can be sent as it is, or first needs the admin (an e-mail address). */
export function isCompleteRequest(request: NewConsultation): boolean {
  return NewConsultationSchema.safeParse(request).success;
}
