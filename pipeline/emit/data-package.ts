/**
 * open-data/datapackage.json: the open data as a Frictionless Data Package (Data Package v1,
 * specs.frictionlessdata.io). Every open-data file is a resource with its path (relative to the
 * descriptor), media type, bytes and SHA-256; each CSV file is a tabular resource with its Table
 * Schema (field types read from the values; an empty cell is unknown: `missingValues: [""]`).
 * The package also holds JSON and Atom files, so its profile is data-package, not
 * tabular-data-package. Frictionless tools load the tables with their types from it.
 */
import type { Site } from '../../runtime/domain/contract/model.js';
import type { TableField } from './open-data-csv.js';

/**
 * An open-data file as the package lists it: its open-data manifest entry (`file` relative to
 * open-data/, bytes and SHA-256 as the manifest already computed them) and a CSV file's fields.
 */
export interface PackagedFile {
  file: string;
  description: string;
  media_type: string;
  bytes: number;
  sha256: string;
  fields?: TableField[] | undefined;
}

/** The Data Package descriptor of `files`; `asOf` (YYYY-MM-DD) is the newest record date, its `created`. */
export function dataPackage(site: Site, files: readonly PackagedFile[], asOf: string): Record<string, unknown> {
  return {
    profile: 'data-package',
    name: 'open-comparison-data',
    title: site.name,
    description:
      'Sourced, scored comparisons of crypto exchanges, hardware wallets, software wallets, US high-yield savings accounts and US brokerages. Every fact carries its sources and as_of date. Informational, not investment advice.',
    homepage: `${site.base_url}/open-data/`,
    version: site.api_version,
    created: `${asOf}T00:00:00Z`,
    licenses: [{ name: 'CC-BY-4.0', title: 'Creative Commons Attribution 4.0', path: 'https://creativecommons.org/licenses/by/4.0/' }],
    contributors: [{ title: site.name, path: `${site.base_url}/`, role: 'publisher' }],
    resources: files
      .filter((f) => !f.file.startsWith('schemas/'))
      .map((f) => {
        const path = f.file;
        const base = {
          name: path.replace(/\.[a-z]+$/, '').replace(/[^a-z0-9._-]/g, '-') + (path.endsWith('.csv') ? '-csv' : path.endsWith('.atom') ? '-atom' : ''),
          path,
          title: path,
          description: f.description,
          mediatype: f.media_type.split(';')[0],
          encoding: 'utf-8',
          bytes: f.bytes,
          hash: `sha256:${f.sha256}`,
        };
        if (!f.fields) return { ...base, format: path.split('.').pop() };
        return {
          ...base,
          profile: 'tabular-data-resource',
          format: 'csv',
          dialect: { delimiter: ',', header: true, doubleQuote: true },
          schema: { fields: f.fields, missingValues: [''] },
        };
      }),
  };
}
