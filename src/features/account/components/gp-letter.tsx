/**
 * "Print or save for your GP"
 * (docs/decisions/0021-member-record-export-and-erasure.md): a one-page summary
 * of his PSA results for his doctor, printed by the browser (window.print,
 * where "Save as PDF" is one of the printers). The letter is rendered into
 * document.body beside the app and shown only in print (gp-letter.css):
 * everything else is hidden then, so the page holds the letter alone. It is
 * drawn from the profile and results already on the page, so it prints offline
 * from the saved copy too. Each result's band is the one it was given when
 * saved (docs/rules.md#clinical-rules); the note of the bands for his age
 * now is today's rule.
 */
import { createPortal } from 'react-dom';
import { ageOn } from '@/domain/age';
import { formatLongDate } from '@/domain/format';
import type { MemberProfile } from '@/domain/member-profile';
import { amberThreshold, PSA_BAND_TEXT, PSA_UNIT, redThreshold, type BandRule } from '@/domain/psa-band';
import { psaLabel } from '@/domain/psa-chart';
import { londonDate } from '@/domain/london-time';
import { site } from '@/content/site';
import type { MedicalResultItem } from '../api/get-results';
import './gp-letter.css';

/** Results with a value, oldest first: the letter reads as a history. */
export function resultsByDate(items: MedicalResultItem[]) {
  return items
    .filter((i) => i.result?.test_result !== null && i.result?.test_result !== undefined)
    .map((i) => ({
      date: (i.result!.sample_date ?? i.appointment?.event_date)!,
      value: i.result!.test_result!,
      lab: i.appointment?.lab_name ?? null,
      event: i.appointment?.event_name ?? 'Screening result',
      band: i.result!.band ?? null,
    }))
    .filter((r) => Boolean(r.date))
    .sort((a, b) => a.date.localeCompare(b.date));
}

const spacedNhs = (n: string) => `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;

export function GpLetter({ profile, items, rule }: { profile: MemberProfile; items: MedicalResultItem[]; rule: BandRule | null }) {
  const results = resultsByDate(items);
  const dob = profile.date_of_birth;
  const today = londonDate(new Date());
  const ageNow = dob ? ageOn(dob, today) : null;
  const letter = (
    <article className="gp-letter">
      <header className="gp-letter-head">
        <p className="gp-letter-from">
          <strong>{site.name}</strong> – {site.tagline}
          <br />
          {site.postalAddress.slice(1).join(', ')}
          <br />
          {site.medicalEnquiries.label}: {site.medicalEnquiries.display} · {site.email}
        </p>
        <p>{formatLongDate(today)}</p>
      </header>
      <h1>PSA blood test results</h1>
      <p>Dear Doctor,</p>
      <p>
        Your patient had the PSA blood tests below at CHAPS screening events. He asked us for this summary to share with you.
      </p>
      <table className="gp-letter-patient">
        <tbody>
          <tr>
            <th scope="row">Name</th>
            <td>
              {profile.first_name} {profile.last_name}
            </td>
          </tr>
          <tr>
            <th scope="row">Date of birth</th>
            <td>{dob ? formatLongDate(dob) : 'Not given'}</td>
          </tr>
          {profile.nhs_number && (
            <tr>
              <th scope="row">NHS number</th>
              <td>{spacedNhs(profile.nhs_number)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <table className="gp-letter-results">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">PSA ({PSA_UNIT})</th>
            <th scope="col">Band</th>
            <th scope="col">Laboratory</th>
          </tr>
        </thead>
        <tbody>
          {results.map((r) => (
            <tr key={`${r.date}-${r.value}`}>
              <td>{formatLongDate(r.date)}</td>
              <td>{psaLabel(r.value)}</td>
              <td>{r.band ? PSA_BAND_TEXT[r.band].label : 'Not known'}</td>
              <td>{r.lab ?? 'Not recorded'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {ageNow !== null && rule && (
        <p className="gp-letter-note">
          Bands used by CHAPS for his age now ({ageNow}): green below {amberThreshold(ageNow, rule)} {PSA_UNIT}, amber from {amberThreshold(ageNow, rule)},
          red from {redThreshold(ageNow, rule)} {PSA_UNIT}. A value on a line is in the higher band. Each result above keeps the band
          it was given when it was tested.
        </p>
      )}
      <p className="gp-letter-note">
        This is a screening summary, not a diagnosis. Questions about these results: {site.medicalEnquiries.display} or {site.email}.
      </p>
      <footer className="gp-letter-foot">
        {site.name}, {site.postalAddress.slice(1).join(', ')}. {site.charityRegister} {site.charityNumber}.
      </footer>
    </article>
  );
  return (
    <>
      <p className="gp-letter-action">
        <button type="button" className="button button-secondary" onClick={() => window.print()} disabled={results.length === 0}>
          Print or save for your GP
        </button>
        <span className="gp-letter-hint">A one-page letter with your results. Choose “Save as PDF” to keep it as a file.</span>
      </p>
      {typeof document !== 'undefined' && createPortal(letter, document.body)}
    </>
  );
}
