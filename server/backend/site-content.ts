/**
 * Data the site carries itself (content/site/*.json): vacancies, legal documents and the 19 fields of
 * study, which the original site hard-coded and the backend does not serve. Read and validated once,
 * on first use, with the same parsers' rules as backend data.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LegalDocument, StudyField, Vacancy } from '../../shared/api';
import { CONTENT_DIR } from '../paths';
import { createParsers } from './parse';

export interface SiteContent {
  vacancies: Vacancy[];
  legalDocuments: LegalDocument[];
  studyFields: StudyField[];
}

let loaded: Promise<SiteContent> | null = null;

function read(file: string): unknown {
  return JSON.parse(readFileSync(join(CONTENT_DIR, 'site', file), 'utf8')) as unknown;
}

export function siteContent(): Promise<SiteContent> {
  loaded ??= (async () => {
    const parse = createParsers({ mediaBase: '' });
    return {
      vacancies: await parse.vacancies(read('vacancies.json')),
      legalDocuments: await parse.legalDocuments(read('legal-documents.json')),
      studyFields: await parse.studyFields(read('study-fields.json')),
    };
  })();
  return loaded;
}
