import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export default function ProjectMapPage() {
  const { t } = useTranslation('project-map');
  const { projectId } = useParams();
  return (
    <section className="page" data-testid="project-map-page">
      <h1>{t('title')} {projectId}</h1>
    </section>
  );
}
