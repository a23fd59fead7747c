// Registers the area's texts before it renders.
import '../i18n';
// Its head offers 'Add video' before the video panel (loaded on demand) has come.
import '../video/i18n';
export { AnalysisScreen } from './analysis-screen';
