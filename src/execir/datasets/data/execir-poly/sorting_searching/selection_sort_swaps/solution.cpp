#include <iostream>
#include <utility>
#include <vector>

int selectionSwaps(std::vector<int>& data) {
    int swaps = 0;
    int n = (int)data.size();
    for (int i = 0; i + 1 < n; i++) {
        int smallest = i;
        for (int j = i + 1; j < n; j++) {
            if (data[j] < data[smallest]) smallest = j;
        }
        if (smallest != i) {
            std::swap(data[i], data[smallest]);
            swaps++;
        }
    }
    return swaps;
}

int main() {
    int n;
    std::cin >> n;
    std::vector<int> values(n);
    for (int& v : values) std::cin >> v;
    std::cout << selectionSwaps(values) << "\n";
    for (int i = 0; i < n; i++) std::cout << (i ? " " : "") << values[i];
    std::cout << "\n";
    return 0;
}
