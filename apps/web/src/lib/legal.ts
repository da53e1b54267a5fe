/** The legal documents the product serves as static pages (apps/web/public/legal). */
export const TERMS_OF_SERVICE_URL = '/legal/terms.html';
export const PRIVACY_POLICY_URL = '/legal/privacy.html';
