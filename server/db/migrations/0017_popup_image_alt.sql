-- Issue 22: a pop-up image's text alternative as staff write it; null (every pop-up made before) means the title is used.
ALTER TABLE "popup" ADD COLUMN "image_alt" text;