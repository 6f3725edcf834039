// A small, non-variadic C surface over libvips for Sprout's image pipeline.
//
// libvips' operations take NULL-terminated variadic option lists, which Swift cannot call; these
// wrappers fix the options Sprout uses and expose plain functions instead. Every function returns
// 0 on success and -1 on failure, with libvips' message copied into `error`.
#ifndef SPROUT_IMAGING_H
#define SPROUT_IMAGING_H

#include <stddef.h>

typedef struct {
    int width;
    int height;
    int has_alpha;
} sprout_image_info;

/// Starts libvips once per process, with one worker thread per operation and no operation cache
/// (Sprout runs each image once, on its own thread pool).
int sprout_imaging_start(char *error, size_t error_len);

/// Reads only the header of an encoded image: its size, before any pixel is decoded.
int sprout_image_probe(const void *buffer, size_t length, sprout_image_info *info, char *error, size_t error_len);

/// Decodes, applies the EXIF orientation, shrinks to fit `max_size` × `max_size` (never enlarges),
/// strips every piece of metadata and encodes as PNG (`as_png` != 0) or JPEG at `quality`.
/// The result is allocated by libvips; release it with `sprout_image_free`.
int sprout_image_resize(const void *buffer, size_t length, int max_size, int as_png, int quality,
                        void **output, size_t *output_length, char *error, size_t error_len);

/// Encodes 8-bit RGB pixels (`width` × `height` × 3 bytes, row-major) as a JPEG.
int sprout_image_encode_rgb(const unsigned char *pixels, int width, int height, int quality,
                            void **output, size_t *output_length, char *error, size_t error_len);

void sprout_image_free(void *output);

#endif
