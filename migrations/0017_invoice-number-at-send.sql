-- A draft has no number: it is given its INV-YEAR-NNNN when it is sent, so drafts that are
-- deleted or replaced use up no number. Drafts numbered before this keep their numbers.
ALTER TABLE "invoices" ALTER COLUMN "invoice_number" DROP NOT NULL;
