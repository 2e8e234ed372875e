/** /news/patient-journey: the three illustrative patient stories. */
import { patientJourneyPage } from '@/content/pages/stories';
import { StoryCards } from '../components/story-cards';
import { usePageMeta } from '../page-meta';
import '../content.css';
import '../news.css';

export default function PatientJourneyPage() {
  usePageMeta(patientJourneyPage.title, patientJourneyPage.description);
  return (
    <div className="page content-page">
      <h1>{patientJourneyPage.heading}</h1>
      <p className="page-lead">{patientJourneyPage.intro}</p>
      <StoryCards headingLevel="h2" />
    </div>
  );
}
