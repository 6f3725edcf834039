// libvips alone, as the sell bench's reference (bench/README.md, "Photo uploads"). Settings and
// calls are Sprout's (Sources/SproutImaging/imaging.c): one libvips thread per image, no cache;
// each photo is probed, then shrunk to 2,048 px (JPEG, Q85) and to a 640 px thumbnail (Q80).
//
//   uploads_vips photo OUT.jpg        writes a 4032x3024 JPEG with a phone photo's grain (Q92)
//   uploads_vips time ROUNDS FILE...  works the files one after the other, ROUNDS times; prints
//                                     the median milliseconds of one round
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <vips/vips.h>

static void fail(void) {
    fprintf(stderr, "uploads_vips: %s\n", vips_error_buffer());
    exit(1);
}

static void photo(const char *path) {
    VipsImage *noise, *shifted, *rgb;
    if (vips_gaussnoise(&noise, 4032, 3024, "mean", 128.0, "sigma", 12.0, NULL)) fail();
    VipsImage *bands[3] = { noise, noise, noise };
    if (vips_linear1(noise, &shifted, 0.8, 20.0, "uchar", TRUE, NULL)) fail();
    bands[1] = shifted;
    if (vips_bandjoin(bands, &rgb, 3, NULL)) fail();
    rgb->Type = VIPS_INTERPRETATION_sRGB;
    if (vips_jpegsave(rgb, path, "Q", 92, NULL)) fail();
    g_object_unref(rgb);
    g_object_unref(shifted);
    g_object_unref(noise);
}

static void shrink(const void *bytes, size_t length, int size, int quality) {
    VipsImage *image;
    void *output;
    size_t output_length;
    if (vips_thumbnail_buffer((void *)bytes, length, &image, size, "height", size, "size", VIPS_SIZE_DOWN, NULL)) fail();
    if (vips_jpegsave_buffer(image, &output, &output_length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL)) fail();
    g_object_unref(image);
    g_free(output);
}

static void work(const char *path) {
    gchar *bytes;
    gsize length;
    if (!g_file_get_contents(path, &bytes, &length, NULL)) { fprintf(stderr, "uploads_vips: cannot read %s\n", path); exit(1); }
    VipsImage *probe = vips_image_new_from_buffer(bytes, length, "", NULL);
    if (!probe) fail();
    g_object_unref(probe);
    shrink(bytes, length, 2048, 85);
    shrink(bytes, length, 640, 80);
    g_free(bytes);
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (VIPS_INIT(argv[0])) fail();
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    if (argc == 3 && strcmp(argv[1], "photo") == 0) { photo(argv[2]); return 0; }
    if (argc < 4 || strcmp(argv[1], "time") != 0) {
        fprintf(stderr, "usage: uploads_vips photo OUT.jpg | uploads_vips time ROUNDS FILE...\n");
        return 2;
    }
    int rounds = atoi(argv[2]);
    double *times = calloc(rounds, sizeof *times);
    for (int round = 0; round < rounds; round++) {
        double start = now_ms();
        for (int file = 3; file < argc; file++) work(argv[file]);
        times[round] = now_ms() - start;
    }
    qsort(times, rounds, sizeof *times, by_value);
    printf("%.1f\n", times[rounds / 2]);
    return 0;
}
