#include <cstdio>
#include <iostream>
#include <vector>

long long checksum16(const std::vector<long long>& words) {
    long long total = 0;
    for (long long word : words) {
        if (word < 0 || word > 0xFFFF) return -1;
        total += word;
        while (total > 0xFFFF) total = (total & 0xFFFF) + (total >> 16);
    }
    return ~total & 0xFFFF;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<long long> words(n);
    for (int i = 0; i < n; i++) std::cin >> words[i];
    long long result = checksum16(words);
    if (result < 0) std::printf("invalid\n");
    else std::printf("%04llX\n", result);
    return 0;
}
