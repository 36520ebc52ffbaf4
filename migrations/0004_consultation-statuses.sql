-- The owner's outcomes for a consultation request are 'won' and 'lost'.
UPDATE "consultations" SET "status" = 'won' WHERE "status" = 'converted';--> statement-breakpoint
UPDATE "consultations" SET "status" = 'lost' WHERE "status" = 'closed';
