/**
 * What other features and app/ may use of the website feature: the banner while sample
 * content is published, and the owner's draft (the preview draws the landing page with it).
 */
export { useSiteContent } from './api/get-site-content';
export { SamplesBanner } from './components/samples-banner';
