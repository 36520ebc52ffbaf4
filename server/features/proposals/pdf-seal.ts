/** A PKCS#12 bundle (key and certificate) and what opens it, with the name it signs as. */
export interface SealCredentials {
  p12: Buffer;
  passphrase: string;
  /** Who seals (the certificate's subject): the signature's /Name. */
  name: string;
  /** How to reach them: the signature's /ContactInfo. */
  contactInfo?: string;
}

export interface PdfSealer {
  /** The PDF with a PAdES-basic signature over all of its bytes but the signature's own. */
  seal(pdf: Buffer, reason: string): Promise<Buffer>;
}

/**
 * Room for the DER signature, in bytes (the /Contents placeholder holds twice as many hex
 * digits): a 4096-bit key and a chain of three certificates fit with room to spare.
 */
const SIGNATURE_BYTES = 12_288;

/**
 * Seals PDFs with a PDF digital signature (PAdES basic: /SubFilter adbe.pkcs7.detached, a
 * detached CMS over the /ByteRange, the CMS in /Contents), appended to the finished file as an
 * incremental update, so any reader shows a change made afterwards. @signpdf and node-forge are
 * loaded with the first seal, not with every process that never makes one.
 */
export function createPdfSealer(
  credentials: () => Promise<SealCredentials>,
  { now = () => new Date() }: { now?: () => Date } = {},
): PdfSealer {
  return {
    async seal(pdf, reason) {
      const [
        { SignPdf },
        { P12Signer },
        { plainAddPlaceholder },
        { SUBFILTER_ADOBE_PKCS7_DETACHED },
      ] = await Promise.all([
        import('@signpdf/signpdf'),
        import('@signpdf/signer-p12'),
        import('@signpdf/placeholder-plain'),
        import('@signpdf/utils'),
      ]);
      const { p12, passphrase, name, contactInfo = '' } = await credentials();
      const signingTime = now();
      const prepared = plainAddPlaceholder({
        pdfBuffer: pdf,
        reason,
        contactInfo,
        name,
        location: '',
        signingTime,
        signatureLength: SIGNATURE_BYTES,
        subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
      });
      // An instance per seal: SignPdf keeps the last signature on itself.
      return new SignPdf().sign(prepared, new P12Signer(p12, { passphrase }), signingTime);
    },
  };
}
