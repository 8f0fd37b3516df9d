/** Kueue's API group and the labels and annotations its integrations read (kueue @ff69552e). */

/** The API group of Kueue's objects (apis/kueue/v1beta2/groupversion_info.go). */
export const KUEUE_GROUP = 'kueue.x-k8s.io/';
/** The version written on export: v1beta2 is served and stored at ff69552e. */
export const KUEUE_API_VERSION = `${KUEUE_GROUP}v1beta2`;
/** The LocalQueue a Job or Pod is submitted to (pkg/controller/constants/constants.go:23). */
export const QUEUE_NAME_LABEL = 'kueue.x-k8s.io/queue-name';
/** The WorkloadPriorityClass of a Job or Pod (pkg/controller/constants/constants.go:48). */
export const PRIORITY_CLASS_LABEL = 'kueue.x-k8s.io/priority-class';
/** A plain pod group's name and size (pkg/controller/jobs/pod/constants/constants.go:27,29). */
export const GROUP_NAME_LABEL = 'kueue.x-k8s.io/pod-group-name';
export const GROUP_TOTAL_COUNT_ANNOTATION = 'kueue.x-k8s.io/pod-group-total-count';
