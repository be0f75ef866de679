#include <cstdio>
#include <iostream>
#include <vector>

std::vector<int> leb128(long long value) {
    std::vector<int> out;
    if (value < 0) return out;
    while (true) {
        int byte = value & 0x7F;
        value >>= 7;
        if (value != 0) {
            out.push_back(byte | 0x80);
        } else {
            out.push_back(byte);
            return out;
        }
    }
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long v;
        std::cin >> v;
        std::vector<int> encoded = leb128(v);
        if (encoded.empty()) std::printf("invalid");
        for (size_t j = 0; j < encoded.size(); j++) std::printf(j ? " %02X" : "%02X", encoded[j]);
        std::printf("\n");
    }
    return 0;
}
