export { createFollowUpService, type FollowUpService } from './follow-up-service';
export { medicalRoutes } from './medical-routes';
export { recallEmailsJob } from './recall-emails-job';
export { createRecallEmailsService, gpPromptStillDue } from './recall-emails-service';
export { storeRecall } from './recall-service';
export { createStaffResultsService, type StaffResultsService, type TellMember } from './staff-results-service';
export { mountResults } from './mount';
export { createClinicalRulesService, currentRule, rulesByVersion } from './clinical-rules-service';
export { staffClinicalRulesRoutes } from './staff-clinical-rules-routes';
