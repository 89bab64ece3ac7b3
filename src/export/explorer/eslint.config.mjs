// The explorer's script, linted by .ci/run (eslint from npm, installed outside
// the checkout in GAMETREE_CI_NPM, where this file takes its rules from):
//   eslint -c src/export/explorer/eslint.config.mjs src/export/explorer
import { createRequire } from 'node:module';

const npm = process.env.GAMETREE_CI_NPM || `${process.env.TMPDIR || '/tmp'}/gametree-ci-npm`;
const require = createRequire(`${npm}/node_modules/`);
const js = require('@eslint/js');
const globals = require('globals');

const rules = {
  ...js.configs.recommended.rules,
  'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none' }],
  'no-shadow': ['error', { builtinGlobals: false }],
  'no-var': 'error',
  'prefer-const': ['error', { destructuring: 'all' }],
  eqeqeq: ['error', 'always', { null: 'ignore' }],
  'no-implicit-globals': 'error',
  'no-duplicate-imports': 'error',
};

export default [
  {
    // The modules: bundled into the pages (src/export/modules.rs), the
    // addons' views (deepening.js, merged.js...) after the explorer's.
    files: ['**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.browser } },
    rules,
  },
];
