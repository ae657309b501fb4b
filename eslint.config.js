import eslintPluginAstro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist.last/',
      'dist.next/',
      '.astro/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'data/',
    ],
  },
  // Typed rules: the checker sees what the code does with promises, any and unions.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  ...eslintPluginAstro.configs.recommended,
  {
    // Astro components and plain JavaScript config files are outside the TypeScript project service.
    files: ['**/*.astro', '**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, 'react-hooks': reactHooks },
    rules: { ...jsxA11y.flatConfigs.recommended.rules, ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['tests/**', 'src/components/blog/mdx/index.ts', 'src/components/legal/mdx/index.ts'],
    rules: {
      // TypeScript's own checker cannot read .astro modules (Astro's checker, npm run check, types
      // them), so every imported component looks like an error type here.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['tests/**'],
    rules: {
      // Fakes implement async interfaces (senders, sleep, fetch) without having anything to await.
      '@typescript-eslint/require-await': 'off',
      // Tests read what pages and servers emit (JSON-LD, answers) as parsed JSON, typed by what they assert.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    rules: {
      // A leading underscore marks a parameter a signature requires but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
