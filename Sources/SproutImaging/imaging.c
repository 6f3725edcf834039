#include "sprout_imaging.h"

#include <string.h>
#include <vips/vips.h>

static void copy_error(char *error, size_t error_len) {
    if (error && error_len > 0) {
        const char *message = vips_error_buffer();
        strncpy(error, message ? message : "unknown libvips error", error_len - 1);
        error[error_len - 1] = '\0';
        char *newline = strchr(error, '\n');
        if (newline) *newline = '\0';
    }
    vips_error_clear();
}

int sprout_imaging_start(char *error, size_t error_len) {
    if (VIPS_INIT("sprout")) {
        copy_error(error, error_len);
        return -1;
    }
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    return 0;
}

int sprout_image_probe(const void *buffer, size_t length, sprout_image_info *info, char *error, size_t error_len) {
    VipsImage *image = vips_image_new_from_buffer(buffer, length, "", NULL);
    if (!image) {
        copy_error(error, error_len);
        return -1;
    }
    info->width = vips_image_get_width(image);
    info->height = vips_image_get_height(image);
    info->has_alpha = vips_image_hasalpha(image);
    g_object_unref(image);
    return 0;
}

int sprout_image_resize(const void *buffer, size_t length, int max_size, int as_png, int quality,
                        void **output, size_t *output_length, char *error, size_t error_len) {
    VipsImage *image = NULL;
    // vips_thumbnail_buffer applies the EXIF orientation and shrinks while loading where the
    // format allows, so a large photo never exists in memory at full size.
    if (vips_thumbnail_buffer((void *)buffer, length, &image, max_size,
                              "height", max_size, "size", VIPS_SIZE_DOWN, NULL)) {
        copy_error(error, error_len);
        return -1;
    }
    int failed = as_png
        ? vips_pngsave_buffer(image, output, output_length, "strip", TRUE, NULL)
        : vips_jpegsave_buffer(image, output, output_length, "Q", quality, "strip", TRUE,
                               "optimize_coding", TRUE, NULL);
    g_object_unref(image);
    if (failed) {
        copy_error(error, error_len);
        return -1;
    }
    return 0;
}

int sprout_image_encode_rgb(const unsigned char *pixels, int width, int height, int quality,
                            void **output, size_t *output_length, char *error, size_t error_len) {
    VipsImage *image = vips_image_new_from_memory(pixels, (size_t)width * height * 3, width, height, 3, VIPS_FORMAT_UCHAR);
    if (!image) {
        copy_error(error, error_len);
        return -1;
    }
    image->Type = VIPS_INTERPRETATION_sRGB;
    int failed = vips_jpegsave_buffer(image, output, output_length, "Q", quality, "strip", TRUE, NULL);
    g_object_unref(image);
    if (failed) {
        copy_error(error, error_len);
        return -1;
    }
    return 0;
}

void sprout_image_free(void *output) {
    g_free(output);
}
