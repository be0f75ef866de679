#include <iostream>
#include <utility>
#include <vector>

int bubblePasses(std::vector<int>& data) {
    int n = (int)data.size();
    if (n < 2) return 0;
    int passes = 0;
    for (int end = n - 1; end > 0; end--) {
        passes++;
        bool swapped = false;
        for (int i = 0; i < end; i++) {
            if (data[i] > data[i + 1]) {
                std::swap(data[i], data[i + 1]);
                swapped = true;
            }
        }
        if (!swapped) break;
    }
    return passes;
}

int main() {
    int n;
    std::cin >> n;
    std::vector<int> values(n);
    for (int& v : values) std::cin >> v;
    std::cout << bubblePasses(values) << "\n";
    for (int i = 0; i < n; i++) std::cout << (i ? " " : "") << values[i];
    std::cout << "\n";
    return 0;
}
