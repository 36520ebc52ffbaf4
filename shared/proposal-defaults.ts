/**
 * The words a proposal starts with until the owner writes their own in Settings (issue 38):
 * the terms of a new proposal, and the consent to sign electronically its signer agrees to.
 * The consent follows the disclosures ESIGN (15 U.S.C. § 7001(c)) and UETA ask for: that the
 * signer may ask for paper, may withdraw consent, how to get a copy, and what they need.
 */
export const DEFAULT_PROPOSAL_TERMS = `1. Scope. We deliver the work and the plan described in this proposal. Anything not described here is quoted separately before we start it.

2. Payment. The deposit is due when you sign and is not refundable once work has started. The rest of the one-off items is invoiced when the work is delivered, payable within 14 days. A monthly plan renews each month until you cancel it; you may cancel at any time, effective at the end of the month paid for.

3. Your content. You provide the text, images and accounts we need and confirm you have the right to use them. We start the work once the deposit is paid and the content we need has reached us.

4. Changes. Changes asked after a design is approved may be quoted as extra work.

5. Ownership. Once paid in full, the website's design and content are yours. We may keep the right to show the work in our portfolio unless you ask us not to.

6. Liability. Our liability is limited to the amounts you paid us under this proposal in the twelve months before the claim.

7. Validity. This proposal can be signed until its valid-until date. Signing it makes it a binding agreement between you and us.`;

export const DEFAULT_ESIGN_CONSENT = `I agree to sign this proposal electronically and to receive the agreement and the notices about it electronically, at the e-mail address it was sent to. I understand that my electronic signature has the same legal effect as a handwritten one (ESIGN Act and UETA). I may ask for a paper copy of the agreement at no charge, and I may withdraw this consent before signing by writing to the business named above; withdrawing it does not affect what was signed before. To sign and keep a copy I need a device with a web browser, an e-mail account, and a way to open PDF files.`;
