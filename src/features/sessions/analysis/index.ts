export { AnalysisScreen } from './analysis-screen';
