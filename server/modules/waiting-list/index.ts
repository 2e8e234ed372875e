export { waitingListJob } from './waiting-list-job';
export { createWaitingListOffers, type WaitingListOffers } from './waiting-list-offers';
export { waitingListRoutes } from './waiting-list-routes';
export { createWaitingListService, type WaitingListService } from './waiting-list-service';
export { mountWaitingList, type WaitingListModule } from './mount';
