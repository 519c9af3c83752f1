/** The study circles API's shapes: the shared schemas are their source. */
export type {
  CircleCreate as CircleInput,
  CircleDetail,
  CircleHostCandidate as HostCandidate,
  CircleList,
  CircleMeeting as Meeting,
  CircleMeetingCreate as MeetingInput,
  CircleMembership as JoinResult,
  CirclePost,
  CirclePostList as CirclePostPage,
  CircleSummary,
  CircleUpdate,
} from '@maktaba/shared/schemas/circles';
