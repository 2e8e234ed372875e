/**
 * The import-boundary lint rule (eslint-rules/boundaries.js) as a table:
 * which imports each layer may make, by where the importing file lives.
 */
import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import boundaries from '../../eslint-rules/boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(import.meta.dirname, '../..');
const at = (file: string) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } });

tester.run('boundaries', boundaries.rules.boundaries, {
  valid: [
    { filename: at('src/features/booking/pages/a.tsx'), code: "import { paths } from '@/lib/paths';" },
    { filename: at('src/features/booking/pages/a.tsx'), code: "import { paths } from '../../../lib/paths';" },
    { filename: at('src/features/booking/pages/a.tsx'), code: "import { x } from '../components/b';" },
    { filename: at('src/features/booking/pages/a.tsx'), code: "import { x } from '@/domain/booking';" },
    { filename: at('src/lib/a.ts'), code: "import { paths } from './paths';" },
    { filename: at('src/app/routes.tsx'), code: "import { x } from '@/features/booking/pages/a';" },
    { filename: at('src/domain/a.ts'), code: "import { b } from './b';" },
    { filename: at('src/domain/a.ts'), code: "import { b } from '@/domain/b';" },
    { filename: at('src/domain/a.ts'), code: "import { z } from 'zod';" },
    { filename: at('src/domain/a.ts'), code: "import * as z from 'zod/mini';" },
    { filename: at('src/domain/a.ts'), code: "import Papa from 'papaparse';" },
  ],
  invalid: [
    { filename: at('src/features/booking/pages/a.tsx'), code: "import { x } from '@/app/routes';", errors: [{ messageId: 'upIntoApp' }] },
    { filename: at('src/features/booking/pages/a.tsx'), code: "import { x } from '../../../app/routes';", errors: [{ messageId: 'upIntoApp' }] },
    { filename: at('src/lib/a.ts'), code: "import { x } from '../app/providers';", errors: [{ messageId: 'upIntoApp' }] },
    { filename: at('src/lib/ui/a.tsx'), code: "const m = import('@/app/layout/header');", errors: [{ messageId: 'upIntoApp' }] },
    { filename: at('src/features/booking/a.ts'), code: "import { x } from '@/features/account/b';", errors: [{ messageId: 'crossFeature' }] },
    { filename: at('src/domain/a.ts'), code: "import { x } from '@/lib/paths';", errors: [{ messageId: 'impureDomain' }] },
    { filename: at('src/domain/a.ts'), code: "import React from 'react';", errors: [{ messageId: 'impureDomain' }] },
    { filename: at('src/domain/a.ts'), code: "import fs from 'node:fs';", errors: [{ messageId: 'impureDomain' }] },
    { filename: at('src/domain/a.ts'), code: "import { Hono } from 'hono';", errors: [{ messageId: 'impureDomain' }] },
    { filename: at('src/domain/a.ts'), code: "import { useState } from 'react-dom';", errors: [{ messageId: 'impureDomain' }] },
    { filename: at('src/domain/a.ts'), code: "import { z } from 'zod-to-anything';", errors: [{ messageId: 'impureDomain' }] },
  ],
});
