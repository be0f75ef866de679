#include <cstdio>
#include <iostream>
#include <vector>

int crc8(const std::vector<int>& data) {
    int crc = 0;
    for (int byte : data) {
        if (byte < 0 || byte > 255) return -1;
        crc ^= byte;
        for (int i = 0; i < 8; i++) {
            if (crc & 0x80) crc = ((crc << 1) ^ 0x07) & 0xFF;
            else crc = (crc << 1) & 0xFF;
        }
    }
    return crc;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<int> data(n);
    for (int i = 0; i < n; i++) std::cin >> data[i];
    int result = crc8(data);
    if (result < 0) std::printf("invalid\n");
    else std::printf("%02X\n", result);
    return 0;
}
