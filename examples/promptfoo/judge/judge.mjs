// A promptfoo assertion: the grading providers in the assertion's config judge the output under
// the rubric, and pickanumber's formula (not a grader) turns their items into the score.
import { loadApiProvider } from "promptfoo";
import { promptfooJudge } from "pickanumber";

export default promptfooJudge(loadApiProvider);
