import { StandardModelsSection } from '../components/models/standard-models-section.tsx';
import { TrainedModelsSection } from '../components/models/trained-models-section.tsx';

/** God Mode → Models: standard models on or off for everyone, and every trained model's visibility. */
export default function ModelsTab() {
  return (
    <div className="flex flex-col gap-6">
      <StandardModelsSection />
      <TrainedModelsSection />
    </div>
  );
}
