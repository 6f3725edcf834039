# Named stages with their durations, for script/test and .ci/run. `stage NAME` prints a heading
# and starts a stage (ending the one before); `stages_table` ends the last and prints every stage
# recorded in $SPROUT_STAGE_LOG with its seconds. A caller that exports SPROUT_STAGE_LOG collects
# the stages of the scripts it runs in one table.
STAGE_LOG=${SPROUT_STAGE_LOG:-$(mktemp)}
STAGE_NAME=""
STAGE_START=0

stage_end() {
    [ -n "$STAGE_NAME" ] || return 0
    printf '%s\t%s\n' "$STAGE_NAME" "$(( $(date +%s) - STAGE_START ))" >> "$STAGE_LOG"
    STAGE_NAME=""
}

stage() {
    stage_end
    printf '\n==== %s ====\n' "$*"
    STAGE_NAME="$*"
    STAGE_START=$(date +%s)
}

stages_table() {
    stage_end
    printf '\n==== Stages ====\n'
    awk -F'\t' '{ printf "  %-62s %5d s\n", $1, $2; total += $2 } END { printf "  %-62s %5d s\n", "total", total }' "$STAGE_LOG"
}
