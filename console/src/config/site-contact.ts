/** The provider's phone and postal address, shown on Contact Us and in the footer. */
export const SITE_CONTACT = {
  phoneDigits: '8885550142',
  phone: '(888) 555-0142',
  address: '100 Congress Avenue, Suite 2000, Austin, TX 78701',
} as const;
