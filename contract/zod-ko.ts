import { z } from 'zod';

// Validation messages in Korean on both sides (the interface language is ko, spec §1).
z.config(z.locales.ko());
